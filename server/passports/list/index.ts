/**
 * The passport list engine (docs/lists.md): every passport list, and the Overview's counts, answered
 * from the counters and the text index that the migrations keep. Code outside this folder imports
 * this file only (tests/server/architecture.test.ts).
 */
import { scanPassports } from "./query";

export { listPassports, type ListOptions, type ListScope, type ListSource, type PassportPage } from "./query";
export { passportOverview, type OverviewScope } from "./overview";
export { countListUpTo, type ListFilters, passportBatches } from "./walk";

/** For the tests that compare the engine's answers with a plain scan of passports. */
export const forTests = { scanPassports };
