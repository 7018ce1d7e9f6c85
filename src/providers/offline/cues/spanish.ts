import type { CueTable } from "./cue-table.js";

export const spanish: CueTable = {
  language: "spanish",
  unspaced: false,
  cues: {
    decision: [
      "decidimos", "decidí", "decidido", "decisión\\s*:", "elegimos", "optamos por", "acordamos", "vamos a usar",
      "cambiamos a", "adoptamos", "en lugar de", "a partir de ahora", "se aprobó", "rechazado",
    ],
    outcome: [
      "completado", "terminado", "hecho", "listo", "implementado", "desplegado", "publicado", "lanzado", "creado", "añadido",
      "configurado", "migrado", "funciona", "fusionado", "entregado",
    ],
    resolved: ["resuelto", "arreglado", "solucionado", "corregido"],
    blocker: [
      "bloqueado", "bloqueo", "esperando", "pendiente", "falla", "falló", "error(?:es)?", "roto", "no funciona", "no se puede",
      "problema", "próximos pasos", "siguiente paso", "por hacer", "riesgo",
    ],
    lesson: ["aprendí", "aprendimos", "lecciones?", "lección", "aprendizajes?", "conclusión", "resulta que", "nota para mí"],
    correction: ["me corrigió", "corrección", "no vuelvas a", "estaba mal", "no debí"],
    mistake: ["por error", "sin querer", "mi culpa", "equivocación"],
    preference: ["prefiere", "prefiero", "preferencias?", "le gusta", "no le gusta", "quiere que", "odia", "por favor (?:siempre|nunca)", "idioma por defecto"],
    reference: ["guardado en", "se encuentra en", "documentado en", "(?:repositorio|canal|panel|documentación)\\s*:"],
    routine: ["sin (?:novedades|cambios|mensajes nuevos)", "nada (?:nuevo|que reportar)", "todo (?:bien|en orden|verde)", "revisión de estado", "latido"],
  },
  emphasis: ["importante", "crítico", "crucial", "esencial"],
  headings: {
    decision: ["decisiones", "decisión", "estrategia", "objetivos?", "metas?"],
    outcome: ["resultados?", "logros", "completado", "progreso", "hecho"],
    blocker: ["bloqueos?", "pendientes?", "próximos pasos", "problemas", "riesgos", "tareas abiertas"],
    lesson: ["lecciones", "aprendizajes", "reglas"],
    preference: ["preferencias"],
    reference: ["enlaces", "recursos", "referencias", "comandos"],
    state: ["arquitectura", "configuración", "estructura", "requisitos", "entorno"],
    routine: ["estado", "latido"],
    generic: ["sesión", "registro", "diario", "notas", "resumen", "otros", "importante", "detalles", "hoy", "día"],
  },
  metadata: ["autor", "modelo", "hora", "fecha", "creado", "actualizado"],
  why: ["porque", "ya que", "debido a", "para que", "razón", "motivo"],
  rule: ["siempre", "nunca", "debe", "no hay que", "hay que"],
};
