import type { AxiosAdapter } from "axios";
import { http } from "../../../src/providers";

/**
 * Holds every GET reply while `hold()` is on, until `release()`: the refetch that follows a workflow
 * call then stays in flight, so the list on screen is the stale one and only the page itself can take
 * a decided row off it. Install after stubApi, which sets the adapter this one wraps.
 */
export function holdListReplies() {
  const answer = http.defaults.adapter as AxiosAdapter;
  let gate: Promise<void> | undefined;
  let open = () => {};
  let held = 0;
  http.defaults.adapter = async (config) => {
    if (gate && config.method === "get") {
      held += 1;
      await gate;
    }
    return answer(config);
  };
  return {
    hold: () => {
      gate = new Promise((resolve) => (open = resolve));
    },
    held: () => held,
    release: () => {
      gate = undefined;
      open();
    },
  };
}
