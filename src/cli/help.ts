/** Help texts, one per command: what `--help` prints. */
export const HELP = `Usage: compact --week YYYY-Www [options]   compact one ISO week of daily logs
       compact --auto [--force]            for cron: every week due, then consolidation
       compact --auto --batch [--poll-interval SECONDS] [--dry-run]
                                           every week due as one provider batch
       compact consolidate [options]       merge duplicates, settle contradictions, prune
       compact search QUERY [options]      find memories and summaries
       compact mcp [--dir DIR]             serve the memories to an agent over MCP (stdio)
       compact status                      weeks, memories, index size, gates, lock, last run
       compact undo [RUN] [--list]         restore the memory dir as it was before a run
       compact probe                       check the recall probes in probes.md
       compact config                      print the effective settings and their sources
       compact schedule [--install cron]    print (or install) a crontab line and systemd units for --auto
       compact migrate [--from FILE]       split a monolithic .agents.local.md into .agents/
       compact golden [DIR] [--update]     check recorded answers against expected files

Turns one ISO week of an agent's daily logs into a weekly summary
(weekly/YYYY-Www.md), typed memory topic files ({type}_{topic}.md) and a
MEMORY.md index, all inside the memory directory. Daily logs are never changed.
Every run is journaled: compact undo puts the memory dir back byte for byte.

Options:
  --week YYYY-Www    ISO week to compact, e.g. 2026-W14 (Monday to Sunday)
  --dir DIR          memory directory (default: $COMPACT_DIR, "dir" in the config, else ./memory)
  --provider NAME    offline (default: built in, no key, no network), anthropic,
                     openai, ollama (a local Ollama, no key), or replay
  --model NAME       model name to ask the provider for
  --config FILE      config file (default: compact.config.json, .compactrc(.json|.yaml)
                     or compact.config.yaml in the memory dir, else upward from here;
                     a found one sends keys only to the provider, logs to it or localhost)
  --record DIR       save every model exchange as a cassette in DIR (secrets redacted)
  --replay DIR       answer from the cassettes in DIR (provider replay), no network
  --dry-run          estimate the prompt's tokens and cost; with offline or replay,
                     also print the files that would be written. Writes nothing
                     (not even a cassette) and calls no provider but those two. With
                     --auto --batch: the batch's estimated tokens and cost; submits nothing
  --strict           fail (exit 1, nothing written) if a summary bullet or memory
                     traces to no daily entry
  --json             print exactly one JSON object on stdout ({"schemaVersion": 1, "ok": …});
                     progress and warnings go to stderr
  --auto             instead of --week, for cron: compact every completed week whose
                     summary is missing or out of date (never the current week),
                     then consolidate when the gates are open (24 h and 5 sessions
                     since the last consolidation, no other run holding the lock)
  --force            with --auto: open the time and session gates (never the lock)
  --concurrency N    with --auto: ask the model about N weeks at once, 1 to 64 (default:
                     the config's "concurrency", else 4 for anthropic and openai, 1
                     for the others); commits stay one at a time, in week order;
                     not with --batch, which sends every week at once
  --batch            with --auto: send every week due as one batch (anthropic or
                     openai) at the providers' batch price, wait for it, apply the
                     answers oldest first. The batch id is kept in .compact/batch.json:
                     a run interrupted while waiting is resumed by the next one,
                     which collects the results instead of submitting again
  --poll-interval SECONDS
                     with --batch: how often to look at the batch (default 30;
                     fractions allowed)
  --quiet            print errors only, and what a scheduled run's log needs: a
                     week with no logs, a run skipped under another's lock
  --debug            print a stack trace with an error (also: DEBUG=compact)
  -h, --help         print this help (compact COMMAND --help for a command)
  -v, --version      print the version

Exit codes:
  0  done, or nothing to do (a week with no daily logs, another run holding the lock)
  1  failure: the provider failed after its retries, a model answer unusable after
     one repair attempt, --strict found untraced output, a file cannot be read or
     written (nothing changed), a consolidation plan refused, an undo refused
  2  usage error: a bad flag, week, directory, provider, config file, or a missing API key
  130, 143  interrupted by SIGINT or SIGTERM: nothing changed
  --auto keeps the weeks it finished before a failure or an interrupt, updates
  MEMORY.md with them and names them in the message
`;

export const CONFIG_HELP = `Usage: compact config [--dir DIR] [--config FILE] [--provider NAME] [--model NAME] [--json]

Prints the settings a run would use and where each came from: a flag, the
environment (COMPACT_DIR, COMPACT_PROVIDER, COMPACT_MODEL, ANTHROPIC_BASE_URL,
OPENAI_BASE_URL, OLLAMA_BASE_URL), the config file, or the default. API keys are never printed,
only whether their variable is set. Unknown keys in the config file are
named as warnings and ignored.
`;

export const CONSOLIDATE_HELP = `Usage: compact consolidate [--dir DIR] [--config FILE] [--provider NAME] [--model NAME] [--dry-run] [--yes]
                           [--resolve newer] [--auto] [--replay DIR] [--record DIR] [--json] [--quiet]

A "dream" over the whole memory dir: read the index and every memory; find
near-duplicates (merged, keeping every detail of both), contradictions (the
same subject with a changed value — a number, version, time, host, owner,
always/never — or the newer saying it replaces the older: the loser moves to
archive/ with valid_to and superseded_by), memories past their type's
retention (to the trash) and relative dates (made absolute); then rebuild
MEMORY.md. Look-alikes (another environment, service, person or day) are
kept apart. Pinned memories (pinned: true) are never touched.

Prints the consolidation report, then on a terminal asks [A/B/skip] for each
conflict and Apply? [Y/n]. Every applied run is journaled: compact undo
restores it. A plan is refused, with the reason, if it would merge across
types, lose a source, touch a pinned memory, break the index limits, or lose
the answer to a probe in probes.md. Merges keep every fact and are never
limited; supersessions and prunes beyond 25% of the memories
(consolidation.maxRemoveFraction) are left for a later run and reported.

  --dry-run          print the report; change nothing
  --yes              apply merges, prunes and redates without asking; skip conflicts
                     (unless --resolve says how to settle them)
  --resolve newer    settle every conflict in favour of the newer memory (a pinned
                     memory never loses); works without a terminal
  --auto             for cron: take the lock (or print "Another run in progress —
                     skipping." and exit 0), apply merges and prunes, leave conflicts
                     to a person with one reminder memory, print one line
  --replay DIR       answer the model's questions from the cassettes in DIR
  --record DIR       record the model's answers as cassettes in DIR
  --json             print the plan (and what was applied) as one JSON object

Without a terminal and without --yes, --resolve or --auto it prints the report
and applies nothing. The plan is made in code; with "embeddings" in the config,
vectors from an OpenAI-compatible endpoint decide which memories share a
subject. With an LLM configured (anthropic, openai, ollama) the model is also
asked, in one call (more when the memories are many), about every group of
alike memories, and may propose merges with their text, supersessions or
keeping them apart; code checks what it proposes. A dry run never asks the model.
`;

export const UNDO_HELP = `Usage: compact undo [RUN] [--list] [--dir DIR] [--config FILE] [--json]

Restores the memory dir as it was before RUN (default: the latest run not yet
undone), byte for byte, from .compact/trash and .compact/journal. Refuses if a
file that run changed has been changed again since. Every run that writes —
compact --week, --auto, consolidate — can be undone.

  --list   list the journaled runs, newest last; a damaged journal is named and skipped
`;

export const PROBE_HELP = `Usage: compact probe [--dir DIR] [--config FILE] [--json]

Checks the recall probes in probes.md (one per line: "question => phrase")
against the active memories. Exit 0 when every phrase is found, 1 otherwise.
Consolidation refuses any plan after which a probe found before is not.
`;

export const STATUS_HELP = `Usage: compact status [--dir DIR] [--config FILE] [--json]

Prints the memory dir's layout; its weeks with daily logs (compacted, stale
because their logs changed, pending, and the current week, which --auto leaves
until it is over); memories by type; the index against its limits (200 lines,
25 KB, 150 characters a line); each consolidation gate; the lock; the last run.
`;

export const SEARCH_HELP = `Usage: compact search QUERY [--dir DIR] [--config FILE] [--limit N] [--type TYPE] [--json]

Ranks the memories (topic files) and weekly summaries for QUERY: word forms
match (deploy, deployed, deploying), and a misspelt word is also tried as the
words it is one or two letters away from, or whose ending it mangles. Prints
one hit per line: score, file, name, and the line that matched.

  --limit N     at most N hits (default 10)
  --type TYPE   only user, feedback, project or reference memories, or weekly summaries
  --json        {"schemaVersion": 1, "ok": true, "command": "search", "query": …,
                "results": [{"file", "name", "type", "description", "score", "snippet"}]}
`;

export const SCHEDULE_HELP = `Usage: compact schedule [--dir DIR] [--config FILE] [--provider NAME] [--model NAME]
                        [--at "Mon 10:00"] [--keys-file FILE] [--install cron|systemd [--yes]] [--json] [--quiet]

Prints a crontab line and a systemd timer + service that run compact --auto on
this memory dir every week. Nothing is installed unless --install says so.

The command carries absolute paths (node, compact, --dir, and --config when
you give one), so it runs from any directory in cron's bare environment. A
config found in or above the memory dir is left for the run to find again; one
found only from here is not, and a warning says so. A provider or model chosen
by a flag or by COMPACT_PROVIDER / COMPACT_MODEL is written on the line too.

API keys are never written into the line: the job reads KEY=value lines from
an env file (default ~/.config/memory-compactor/env; keep it chmod 600), which
cron sources and systemd loads with EnvironmentFile=. A warning says when the
provider needs a key that file does not set.

  --at TIME        "DAY HH:MM" or "HH:MM" (Monday) in the machine's local time
                   zone, as cron reads it (default "Mon 10:00"); add UTC
                   ("Mon 08:00 UTC") to give it in UTC: the crontab line gets the
                   local time it is now, the systemd timer keeps UTC
  --keys-file FILE the env file with the API keys (--env-file, its older name,
                   is read by Node 20 itself, which stops when the file is missing)
  --install cron   after a yes on the terminal (or with --yes), put the line in your
                   crontab (crontab -l / crontab -); installing again replaces it
  --install systemd  write the service and timer to ~/.config/systemd/user, then
                   print the systemctl command that enables the timer
  --json           print the crontab line, the units, the keys file and the
                   warnings as one object (with --install, --yes is needed)
  --quiet          print errors only (with --install --yes: install silently)
`;

export const MIGRATE_HELP = `Usage: compact migrate [--from FILE] [--dir DIR] [--json] [--quiet]

Migrates a monolithic .agents.local.md (default: ./.agents.local.md) into the
agents layout in DIR (default: ./.agents): each dated section becomes
logs/YYYY-MM-DD.md (sections of the same date go into one log, in order),
every other section a topic file in topics/, and local.md their index.

The original is never changed, and is copied to FILE.backup byte for byte (an
existing backup is never overwritten). A daily log that already exists is
never changed: the dated sections no log of that date holds yet go to a session
log beside it (logs/YYYY-MM-DD-migrated.md). A topic file
that exists with other content is left as it is, with a warning. No line of
the original is lost. Running it twice changes nothing.

The migration is one journaled run: compact undo --dir DIR reverts it. A DIR
that already holds a memory dir of the default layout (MEMORY.md, weekly/) is
refused, and nothing is written.
`;

export const GOLDEN_HELP = `Usage: compact golden [DIR] [--update] [--json] [--quiet]

Runs every golden case in DIR (default: test/golden): a folder with case.json
({ "week": "2026-W14", "input": "input" }), its input logs, cassettes/ recorded
with --record (without them the offline model answers), and expected/. Each
case is compacted in a temporary copy with --replay and every written file is
compared byte for byte with expected/, as is the --json report (report.json).

--update rewrites expected/ from this run (and records answer.md, a
hand-written answer, as a cassette). Review the diff before committing it.
Exit 0 when every case passes, 1 otherwise.
`;

export const MCP_HELP = `Usage: compact mcp [--dir DIR] [--config FILE]

A Model Context Protocol server on stdin/stdout, for an agent to look things
up in its memory instead of loading all of it. Read only. Tools:

  search_memory {query, limit?}   ranked memories and weekly summaries: file,
                                  name, type, description, score, snippet
  read_memory {file}              the full text of one memory or weekly summary
                                  (nothing outside them, nothing outside DIR)

Resource: memory://MEMORY.md, the index. stdout carries protocol messages
only (--json changes nothing); notes go to stderr (not with --quiet). Add it
to Claude Code with
  claude mcp add memory -- npx compact mcp --dir /absolute/path/to/memory
`;

/** Prints a help text; with --json, as the one object the contract promises (`{"command": "help", "text": …}`). */
export function printHelp(io: { stdout(text: string): void }, text: string, json: boolean | undefined): void {
  io.stdout(json ? `${JSON.stringify({ schemaVersion: 1, ok: true, command: "help", text }, null, 2)}\n` : text);
}
