/** A ```typed_memory fenced block found in an answer. */
export interface TypedMemoryBlock {
  /** 1-based order in the answer. */
  index: number;
  /** 1-based line of the opening fence. */
  line: number;
  body: string;
  /** False when the answer ended before the closing fence. */
  closed: boolean;
}

export interface SplitAnswer {
  blocks: TypedMemoryBlock[];
  /** The answer's lines outside the blocks, in order. */
  outside: string[];
}

const OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*typed_memory\b.*$/;
const NESTED_OPEN = /^\s*(`{3,}|~{3,})[ \t]*[^\s`~].*$/;

/**
 * Separates ```typed_memory blocks from the rest of an answer. A block opened
 * with ``` may hold a nested ```lang code block: a fence with an info string
 * opens a nested block, and the next bare fence closes that one, not the block.
 * ```` or ~~~ outer fences are closed only by a fence at least as long.
 */
export function findTypedMemoryBlocks(answer: string): SplitAnswer {
  const lines = answer.split("\n");
  const blocks: TypedMemoryBlock[] = [];
  const outside: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const open = OPEN.exec(lines[i]!);
    if (!open) {
      outside.push(lines[i]!);
      i++;
      continue;
    }
    const fence = open[1]!;
    const body: string[] = [];
    let nested: string | undefined;
    let closed = false;
    const startLine = i + 1;
    for (i++; i < lines.length; i++) {
      const line = lines[i]!;
      if (nested === undefined && isClosingFence(line, fence)) {
        closed = true;
        i++;
        break;
      }
      if (nested !== undefined && isClosingFence(line, nested)) nested = undefined;
      else if (nested === undefined) {
        const inner = NESTED_OPEN.exec(line);
        if (inner && inner[1]![0] === fence[0]) nested = inner[1]!;
      }
      body.push(line);
    }
    blocks.push({ index: blocks.length + 1, line: startLine, body: body.join("\n"), closed });
  }
  return { blocks, outside };
}

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length || line.length - line.trimStart().length > 3) return false;
  return [...trimmed].every((char) => char === fence[0]);
}
