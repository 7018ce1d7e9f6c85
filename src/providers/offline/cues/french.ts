import type { CueTable } from "./cue-table.js";

export const french: CueTable = {
  language: "french",
  unspaced: false,
  cues: {
    decision: [
      "décidé", "décision\\s*:", "nous avons choisi", "on a choisi", "opté pour", "on part sur", "adopté", "convenu",
      "passer à", "passé à", "au lieu de", "désormais", "à partir de maintenant", "validé", "refusé",
    ],
    outcome: [
      "terminé", "fini", "livré", "déployé", "publié", "implémenté", "créé", "ajouté", "configuré", "migré", "fonctionne",
      "réussi", "fusionné", "mis en place", "en production",
    ],
    resolved: ["résolu", "corrigé", "réparé", "débloqué"],
    blocker: [
      "bloqué", "blocage", "en attente", "échoue", "échec", "erreurs?", "cassé", "impossible", "problème", "prochaines étapes",
      "à faire", "reste à", "risque",
    ],
    lesson: ["appris", "leçons?", "enseignements?", "à retenir", "il s'avère", "conclusion"],
    correction: ["m'a corrigé", "correction", "c'était faux", "ne plus jamais", "je n'aurais pas dû"],
    mistake: ["par erreur", "par mégarde", "ma faute"],
    preference: ["préfère", "préférences?", "aime (?:bien|que)", "n'aime pas", "veut que", "souhaite", "déteste", "s'il te plaît (?:toujours|jamais)", "langue par défaut"],
    reference: ["enregistré dans", "se trouve dans", "documenté dans", "(?:dépôt|canal|tableau de bord|documentation)\\s*:"],
    routine: ["rien de nouveau", "rien à signaler", "aucun (?:nouveau|changement|message)", "tout (?:est )?(?:vert|ok|normal)", "vérification d'état", "battement"],
  },
  emphasis: ["important\\p{L}*", "critique", "crucial", "essentiel"],
  headings: {
    decision: ["décisions?", "stratégie", "objectifs?", "buts?"],
    outcome: ["résultats?", "réalisations?", "terminé", "avancement", "progrès"],
    blocker: ["blocages?", "points ouverts", "prochaines étapes", "problèmes", "risques", "à faire"],
    lesson: ["leçons", "enseignements", "apprentissages", "règles"],
    preference: ["préférences"],
    reference: ["liens", "ressources", "références", "commandes"],
    state: ["architecture", "configuration", "structure", "exigences", "environnement"],
    routine: ["état", "statut"],
    generic: ["session", "journal", "notes", "résumé", "autres", "important", "détails", "aujourd'hui", "jour"],
  },
  metadata: ["auteur", "modèle", "heure", "date", "créé", "mis à jour"],
  why: ["parce que", "car", "afin de", "pour éviter", "raison", "pourquoi"],
  rule: ["toujours", "jamais", "doit", "il faut", "ne pas"],
};
