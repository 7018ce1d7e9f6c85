import { isCancel, text } from "@clack/prompts";

/**
 * Asks on the terminal with @clack/prompts. Only called when stdin is a TTY:
 * without one, clack never resolves. Ctrl-C or Esc answers "".
 */
export async function askTerminal(question: string): Promise<string> {
  const answer = await text({ message: question, placeholder: "" });
  return isCancel(answer) || answer === undefined ? "" : String(answer);
}
