import { z } from "zod";

/** The config file's shape. Every key is optional; defaults apply. */
export const configSchema = z.strictObject({
  /** Memory directory, relative to the config file. */
  dir: z.string().min(1).optional(),
  model: z
    .strictObject({
      provider: z.string().min(1).optional(),
      name: z.string().min(1).optional(),
      temperature: z.number().min(0).max(2).optional(),
      maxTokens: z.number().int().positive().optional(),
    })
    .optional(),
  prompts: z.strictObject({ dir: z.string().min(1).optional() }).optional(),
  logs: z
    .strictObject({
      include: z.array(z.string().min(1)).optional(),
      exclude: z.array(z.string().min(1)).optional(),
    })
    .optional(),
});

export type CompactConfig = z.infer<typeof configSchema>;
