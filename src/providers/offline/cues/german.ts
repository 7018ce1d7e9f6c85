import type { CueTable } from "./cue-table.js";

export const german: CueTable = {
  language: "german",
  unspaced: false,
  cues: {
    decision: [
      "entschieden", "entscheiden", "entscheidung\\s*:", "beschlossen", "festgelegt", "vereinbart", "wir nehmen", "wir setzen auf",
      "umgestellt auf", "umstellen auf", "wechseln zu", "gewechselt zu", "stattdessen", "ab sofort", "ab jetzt", "bleibt",
    ],
    outcome: [
      "erledigt", "fertig", "abgeschlossen", "implementiert", "umgesetzt", "gebaut", "erstellt", "gefixt", "deployed", "veröffentlicht",
      "gemerged", "läuft", "funktioniert", "grün", "eingebaut", "eingerichtet", "installiert", "migriert", "hinzugefügt",
      "aktualisiert", "ready for merge", "bereit", "geschafft",
    ],
    resolved: ["gelöst", "behoben", "gefixt", "repariert"],
    blocker: [
      "blockiert", "blocker", "wartet auf", "warten auf", "offen", "ausstehend", "fehlgeschlagen", "(?<!(?:0|keine|null|ohne) )fehler", "kaputt",
      "nicht möglich", "funktioniert nicht", "problem", "nächster? schritte?", "noch zu tun", "prüfen", "nötig", "benötigt",
      "muss noch", "noch laufend", "crasht",
    ],
    lesson: ["gelernt", "lektion(?:en)?", "lehre", "merke", "stellt sich heraus", "learnings"],
    correction: ["hat mich korrigiert", "korrektur", "nicht mehr so", "das war falsch", "soll(?:te)? ich nicht", "bitte nicht mehr"],
    mistake: ["fehler gemacht", "versehentlich", "aus versehen", "mein fehler"],
    preference: [
      "bevorzugt", "bevorzuge", "möchte", "mag (?:es|keine?|lieber)", "will (?:dass|keine?|nicht)", "wünscht", "lieber",
      "am liebsten", "vorliebe", "präferenz", "bitte (?:immer|nie)", "standardsprache",
    ],
    reference: ["gespeichert (?:in|unter)", "liegt (?:in|unter)", "zu finden (?:in|unter)", "dokumentiert in", "(?:repo|kanal|wiki|dashboard|doku)\\s*:"],
    routine: [
      "statusprüfung", "statuscheck", "heartbeat", "keine neuen? (?:nachrichten|änderungen|meldungen|e-?mails)", "nichts neues",
      "alles (?:grün|ok|ruhig|in ordnung)", "läuft stabil", "keine vorkommnisse",
    ],
  },
  emphasis: ["wichtig\\p{L}*", "kritisch\\p{L}*", "entscheidend"],
  headings: {
    decision: ["entscheidungen?", "beschlüsse", "strategie\\p{L}*", "fazit", "schlussfolgerung", "ziele?"],
    outcome: ["ergebnis(?:se)?", "erledigt\\p{L}*", "erreicht", "fortschritt", "erfolge", "review-ergebnis", "erstellte"],
    blocker: ["offene punkte", "blocker", "aktueller blocker", "nächste schritte", "probleme?", "risiken", "todo", "offen"],
    lesson: ["learnings", "lektionen", "gelernt", "regeln", "richtlinien"],
    preference: ["präferenzen", "vorlieben"],
    reference: ["links", "ressourcen", "dokumente", "dokumentation", "docs", "befehle"],
    state: ["architektur", "konfiguration", "einrichtung", "aufbau", "struktur", "technische details", "anforderungen", "einstellungen"],
    routine: ["status", "statusprüfung", "zeiterfassung"],
    generic: ["tagesnotizen", "notizen", "sitzung", "session", "tag", "überblick", "sonstiges", "wichtige", "weitere", "technische", "details", "analyse", "abends", "morgens", "nacht", "heute", "was", "gebaut", "wurde", "grosse", "große", "ziel", "ziele", "fazit", "zusammenfassung", "schritt", "ergebnis(?:se)?", "hintergrund"],
  },
  metadata: ["autor", "modell", "zeit", "datum", "erstellt am", "aktualisiert am", "aktiviert von", "modus", "sprint"],
  why: ["weil", "damit", "wegen", "grund", "begründung", "warum", "deshalb"],
  rule: ["immer", "nie", "niemals", "muss", "müssen", "darf nicht", "nicht vergessen", "nötig"],
};
