/**
 * The SDK request options that carry a run's signal. Each request gets a
 * signal of its own that follows the run's: both SDKs leave a listener on
 * the signal they are given, and a run makes hundreds of requests (repairs,
 * batch polls), which Node reports as a leak past ten.
 */
export function requestSignal(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal: AbortSignal.any([signal]) } : {};
}
