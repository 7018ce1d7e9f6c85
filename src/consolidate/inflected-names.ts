/**
 * One proper name in two inflected forms ("Kraków" / "Krakowie", "Warszawa" /
 * "Warszawie", "Gdańsk" / "Gdańsku"): at least five letters in common from
 * the start, accents aside, and what differs is a case ending of one
 * declension on each side, the bare stem or a feminine "-a" being the name
 * as said on its own; a genitive "-a" only where the stem's vowel changed
 * with it ("Kraków" / "Krakowa") or after a place's "-sk" or "-ck" ("Gdańsk" /
 * "Gdańska", "Płock" / "Płocka"). Anything else makes another name: an added
 * vowel or syllable ("Daniel" / "Daniela", "Gabriel" / "Gabrielle", "Michal" /
 * "Michalina", "Kristian" / "Kristiane"), letters swapped ("Alexander" /
 * "Alexandra", "Christian" / "Christina"), a vowel for a vowel ("Francesco" /
 * "Francesca"), a woman's surname beside a man's ("Kowalska" / "Kowalski"),
 * or too short a stem ("Anna" / "Annika", "Bern" / "Berlin").
 */
export function sameNameInflected(x: string, y: string): boolean {
  const [a, b] = [folded(x), folded(y)];
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  // The stem may end before the letters in common do: "Janie" / "Janiem" are "Jan" with "-ie" and "-iem".
  for (let end = common; end >= 5; end--) {
    const [stem, ea, eb] = [a.slice(0, end), a.slice(end), b.slice(end)];
    if (DECLENSIONS.some((declension) => declension.endings(stem).has(ea) && declension.endings(stem).has(eb))) return true;
  }
  // Most names hold no "ó" (precomposed, or an "o" with its accent apart): nothing more is made for them.
  if (!ACUTE_O.test(x) && !ACUTE_O.test(y)) return false;
  return genitiveOpened(x, y) || genitiveOpened(y, x);
}

// A genitive "-a" after a bare stem is read only where the vowel says an ending was added: Polish writes "ó" in a
// last syllable closed by a consonant and "o" once an ending opens it (Kraków / Krakowa, Tarnów / Tarnowa). With no
// such change the same "-a" makes a feminine name (Daniel / Daniela), and Polish spells a man's genitive so too
// ("Daniela" is also "of Daniel"): the letters cannot tell those apart. Spanish also drops an accent when a
// syllable is added (Ramón / Ramona), but writes one on a last syllable only when it ends in a vowel, "n" or "s".
function genitiveOpened(bare: string, inflected: string): boolean {
  const [x, y] = [bare.normalize("NFC").toLowerCase(), inflected.normalize("NFC").toLowerCase()];
  const at = x.lastIndexOf("ó");
  if (at < 0 || y.length !== x.length + 1 || !y.endsWith("a") || y[at] !== "o") return false;
  const closing = x.slice(at + 1);
  return CLOSING.test(closing) && closing !== "n" && closing !== "s" && y.startsWith(x.slice(0, at)) && y.startsWith(closing, at + 1) && folded(x).length >= 5;
}

const ACUTE_O = /ó|Ó|\u0301/;
const CLOSING = /^[bcćdfghjklłmnńprsśtvwxzźż]+$/;

// Endings of the bare stem (a name ending in a consonant: Kraków, Gdańsk, Jan) and of a feminine "-a" (Warszawa,
// Olga), accents folded ("-ów" is "-ow", "-ą" and "-ę" are "-a" and "-e"). Left out as too like other names: "-a"
// and "-e" after a bare stem (Daniela, Kristiane), and "-e", "-o" after "-a" (Daniele, Francesco). "-i" after "-a"
// only where Polish writes it for "-y" (after k and g: Olgi, Ameryki; not Andrea / Andrei).
const DECLENSIONS: { endings(stem: string): ReadonlySet<string> }[] = [
  { endings: (stem) => (SK_STEM.test(stem) ? BARE_AFTER_SK : BARE) },
  { endings: (stem) => (KG_STEM.test(stem) && !ADJECTIVAL_STEM.test(stem) ? FEMININE_AFTER_KG : FEMININE) },
];
const BARE = new Set(["", "u", "iu", "ie", "em", "iem", "owi", "owie", "ow", "om", "ach", "ami"]);
// A name that ends in "-sk" or "-ck" is a place's (Gdańsk, Mińsk, Smoleńsk, Słupsk, Murmańsk, Płock): hardly a person's
// name ends so, and a woman's "-ska" or "-cka" stands beside a man's "-ski" or "-cki", so its "-a" is the genitive
// (Gdańska, Płocka), not a woman's name beside a man's as "Daniela" is beside "Daniel".
const SK_STEM = /[sc]k$/;
const BARE_AFTER_SK = new Set([...BARE, "a"]);
// "-ska" / "-ski", "-cka" / "-cki", "-dzka" / "-dzki" end a woman's and a man's surname (Kowalska, Kowalski), not
// two cases of one: there "-i" is no genitive. Polska / Polski, the country and its genitive, read as two with them.
const ADJECTIVAL_STEM = /(?:s|c|dz)k$/;
const KG_STEM = /[kg]$/;
const FEMININE = new Set(["a", "ie", "y", "om", "ach", "ami"]);
const FEMININE_AFTER_KG = new Set([...FEMININE, "i"]);

function folded(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l").toLowerCase();
}
