import { CompactorError } from "./compactor-error.js";

/** A consolidation plan breaks an invariant. Nothing is written. */
export class PlanRefusedError extends CompactorError {
  constructor(message: string) {
    super("E_PLAN_REFUSED", message);
  }
}
