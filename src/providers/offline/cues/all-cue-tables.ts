import { chinese } from "./chinese.js";
import type { CueTable } from "./cue-table.js";
import { english } from "./english.js";
import { french } from "./french.js";
import { german } from "./german.js";
import { japanese } from "./japanese.js";
import { portuguese } from "./portuguese.js";
import { spanish } from "./spanish.js";
import { thai } from "./thai.js";

/** Every language's cues. Logs mix languages, so all tables apply to every log. */
export const CUE_TABLES: readonly CueTable[] = [english, german, spanish, french, portuguese, chinese, japanese, thai];
