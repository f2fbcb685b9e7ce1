// Browser tests build the web app once before they run (see tests/browser/*.test.ts).
export default async function setup() {}
