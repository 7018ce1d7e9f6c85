import type { CueTable } from "./cue-table.js";

export const english: CueTable = {
  language: "english",
  unspaced: false,
  cues: {
    decision: [
      "decided", "decide to", "decision\\s*:", "we chose", "I chose", "(?:we|I)(?:'ve| have)? chosen", "has been chosen", "going with", "settled on",
      "opted (?:for|to)", "agreed (?:to|on|that)", "establish(?:ed)?", "switch(?:ed|ing)? (?:to|from)", "(?:we|I)(?:'ll| will) use", "adopt(?:ed|ing)?",
      "standardi[sz]ed? on", "(?:we|I)(?:'re|'m| are| am) moving to", "replaced by", "supersed(?:ed|es)", "from now on",
      "approved", "rejected", "declined", "principle\\s*:", "policy\\s*:", "recommended\\s*:", "will stay",
    ],
    outcome: [
      "shipped", "merged", "released", "deployed", "launched", "completed?", "finished", "done", "implemented", "published",
      "passed", "passing", "pass", "landed", "migrated", "delivered", "built", "added", "created", "set up", "upgraded",
      "went live", "succeeded", "successful(?:ly)?", "achieved", "restored", "configured", "installed", "enabled",
      "rebuilt", "refactored", "moved", "rewr(?:ote|itten)", "trained", "opened (?:a )?(?:PR|pull request)", "works", "working",
      // Work-log titles are written like commit messages: "Add X", "Fix Y".
      "add", "fix", "implement", "configure", "create", "build", "remove", "update", "move", "simplify", "publish", "display",
      "save", "refactor", "rebase", "migrate", "deploy", "release", "ship", "enable", "install", "replace", "rename", "clean up",
    ],
    resolved: ["fixed", "resolved", "solved", "unblocked", "worked around", "recovered", "completed", "closed", "done"],
    blocker: [
      "blocked", "blockers?", "blocking", "waiting (?:on|for)", "stuck", "can't", "cannot", "couldn't", "unable", "unresolved",
      "open questions?", "todo", "to-do", "pending", "failing", "fails", "failed", "broken", "(?<!(?:0|no|zero|without) )errors?(?! (?:handling|rates?|budgets?|messages?|codes?))", "crash(?:es|ed)?",
      "(?:is|was|are|were|went|still|been|goes) down", "down \\(", ":\\s*down", "suspended", "not (?:yet|working|performed|tested|executed)", "still (?:open|missing|uses?|needs?)", "next steps?",
      "follow[- ]ups?", "needs? to", "must still", "carry(?:ing)? (?:it )?(?:over|forward)", "(?<!(?:0|no|zero|without) )bugs?", "regressions?(?! (?:tests?|coverage|suites?|checks?))",
      "outages?", "missing", "doesn't work", "does not work", "requires? a session reload", "low prio",
    ],
    lesson: [
      "lessons?", "learned", "learnt", "learnings", "takeaways?", "gotchas?", "pitfalls?", "root cause", "turns out",
      "note to self", "remember to", "next time", "should have", "in hindsight", "caveat",
    ],
    correction: [
      "corrected me", "correction\\s*:", "told (?:me|us) (?:to stop|not to|never)", "asked (?:me|us) (?:to stop|not to)",
      "stop doing", "that was wrong", "was wrong", "should not have", "shouldn't have", "don't do that", "called (?:this|it) out",
    ],
    mistake: ["my mistake", "(?:I|we) made a mistake", "by mistake", "mistakenly", "wrongly", "accidentally", "my fault", "I broke"],
    preference: [
      // A preference is someone's: "Dana prefers", "user preferences", not "protocol preferences".
      "prefers", "(?:I|we|they|she|he) prefer(?:red)?", "preferred (?:language|name|style|format|tone|time|channel|editor)",
      "(?:user|owner|client|customer|my|his|her|their|\\p{Lu}\\p{Ll}+'s) preferences?", "preferences?\\s*:",
      // Liking and wanting need someone who likes: "Dana wants short replies", not "looks like it".
      "(?:I|we|they) (?:really )?(?:like|dislike|hate|love) (?:it when|to|short|long|brief|concise|detailed|terse)",
      "(?:she|he|user|owner|client|boss|\\p{Lu}\\p{Ll}+) (?:really )?(?:likes|dislikes|hates|loves) (?:it when|to|short|long|brief|concise|detailed|terse)",
      "(?:I|we|they|she|he|user|owner|client|boss|\\p{Lu}\\p{Ll}+) (?:wants?|needs?) (?:me|us|you|the agent) to",
      "(?:wants?|asks? for|prefers?) (?:short|long|brief|concise|detailed|terse|verbose) (?:answers|replies|responses|messages|summaries)",
      "(?:her|his|their|my) (?:timezone|time zone|role|working hours|style)",
      "works best", "favou?rite", "always (?:\\S+ ){0,4}for (?:me|her|him|them)", "never (?:\\S+ ){0,4}for (?:me|her|him|them)",
      "asked (?:me|us) to (?:always|never)", "please (?:always|never)", "default language", "call (?:me|her|him)",
    ],
    reference: [
      "docs? (?:at|in|live)", "documented (?:in|at)", "saved (?:to|in|at|under)", "stored (?:in|at)", "located (?:at|in)", "lives? (?:in|at)",
      "see also", "bookmarked", "(?:runbook|dashboard|wiki|channel|repo(?:sitory)?|playbook|docs?)\\s*:",
    ],
    routine: [
      "heartbeats?", "HEARTBEAT_OK", "status checks?", "health ?checks?",
      "checked (?:the )?(?:status|inbox|email|e-mail|mail|notifications|feeds?|messages|dashboards?|CI)",
      "no (?:new )?(?:messages|changes|updates|activity|alerts|issues|mail|emails|inbound|notifications|action needed)",
      "nothing (?:new|to report|changed|notable)", "all (?:systems )?(?:green|ok|nominal|clear|quiet|good|operational)",
      "still (?:running|up|fine)", "\\d+ unread", "unread notifications", "no blockers", "none identified",
      "systems? (?:stable|operational|normal)", "no (?:commit|push)(?: or push)?(?: (?:was|were) (?:made|performed|requested))?", "no push requested",
      "commit (?:and push )?the (?:current|completed|remaining) changes", "(?:CI|build|tests?) (?:is |are )?green", "status\\s*:\\s*(?:ok|green|stable|fine)",
    ],
  },
  emphasis: ["important", "critical", "crucial", "essential", "must[- ]know"],
  headings: {
    decision: ["decisions?", "decided", "strategy", "strategic", "direction", "plan", "conclusions?", "verdict", "goals?", "objectives?"],
    outcome: ["outcomes?", "results?", "done", "accomplish\\w*", "achievements?", "completed", "shipped", "progress", "wins?", "what was (?:done|built|accomplished)", "changes", "build"],
    blocker: ["blockers?", "open items?", "open questions?", "todo", "next steps?", "issues?", "problems?", "risks?", "technical debt", "follow[- ]ups?", "pending", "carried over", "current blocker"],
    lesson: ["lessons?", "learned", "learnings", "takeaways?", "gotchas?", "retro\\w*", "rules?", "guidelines?"],
    preference: ["preferences?", "about (?:the )?user", "user profile"],
    reference: ["links?", "references?", "resources?", "commands?", "docs?", "documentation", "files?"],
    state: ["architecture", "config(?:uration)?", "set ?up", "structure", "conventions?", "stack", "infrastructure", "environment", "technical details", "requirements?", "layout", "settings"],
    routine: ["status(?: checks?)?", "health ?checks?", "check-?ins?", "platform checks?", "system status", "time tracking", "commit(?:ted)?", "files (?:touched|changed)", "changed files", "git commits?"],
    generic: ["session", "log", "daily", "notes?", "summary", "update", "other", "misc", "important", "key", "made", "details?", "technical", "today", "day", "overview", "context", "info(?:rmation)?", "general", "what", "was", "final", "state", "new", "work", "memory", "goals?", "steps?", "root", "cause", "learnings?", "results?", "background", "main", "topics?", "current"],
  },
  metadata: ["author", "prompt author", "model", "ai model", "commit policy", "time", "date", "created", "updated", "last updated", "written", "session key", "session id", "source", "tokens?", "duration", "requested by"],
  why: ["because", "since", "so that", "due to", "in order to", "to avoid", "reason", "rationale", "why"],
  rule: ["always", "never", "must", "should", "don't", "do not", "make sure", "avoid", "required", "mandatory", "only ever"],
};
