import type { CueTable } from "./cue-table.js";

export const portuguese: CueTable = {
  language: "portuguese",
  unspaced: false,
  cues: {
    decision: [
      "decidimos", "decidi", "decidido", "decisão\\s*:", "escolhemos", "optamos por", "combinamos", "vamos usar",
      "mudamos para", "adotamos", "em vez de", "daqui em diante", "a partir de agora", "aprovado", "rejeitado",
    ],
    outcome: [
      "concluído", "terminado", "feito", "pronto", "implementado", "implantado", "publicado", "lançado", "criado", "adicionado",
      "configurado", "migrado", "funciona", "entregue",
    ],
    resolved: ["resolvido", "corrigido", "consertado"],
    blocker: [
      "bloqueado", "bloqueio", "aguardando", "esperando", "pendente", "falha", "falhou", "erros?", "quebrado", "não funciona",
      "problema", "próximos passos", "a fazer", "risco",
    ],
    lesson: ["aprendi", "aprendemos", "lições", "lição", "aprendizados?", "conclusão", "acontece que"],
    correction: ["me corrigiu", "correção", "estava errado", "não devia ter", "não faça mais"],
    mistake: ["por engano", "sem querer", "culpa minha"],
    preference: ["prefere", "prefiro", "preferências?", "gosta de", "não gosta", "quer que", "odeia", "por favor (?:sempre|nunca)", "idioma padrão"],
    reference: ["salvo em", "fica em", "documentado em", "(?:repositório|canal|painel|documentação)\\s*:"],
    routine: ["nada de novo", "nada a relatar", "sem (?:novidades|mudanças|mensagens)", "tudo (?:ok|verde|normal)", "verificação de status"],
  },
  emphasis: ["importante", "crítico", "crucial", "essencial"],
  headings: {
    decision: ["decisões", "decisão", "estratégia", "objetivos?", "metas?"],
    outcome: ["resultados?", "conquistas", "concluído", "progresso"],
    blocker: ["bloqueios?", "pendências", "próximos passos", "problemas", "riscos"],
    lesson: ["lições", "aprendizados", "regras"],
    preference: ["preferências"],
    reference: ["links", "recursos", "referências", "comandos"],
    state: ["arquitetura", "configuração", "estrutura", "requisitos", "ambiente"],
    routine: ["estado", "status"],
    generic: ["sessão", "registro", "diário", "notas", "resumo", "outros", "importante", "detalhes", "hoje", "dia"],
  },
  metadata: ["autor", "modelo", "hora", "data", "criado", "atualizado"],
  why: ["porque", "pois", "devido a", "para que", "motivo", "razão"],
  rule: ["sempre", "nunca", "deve", "não pode"],
};
