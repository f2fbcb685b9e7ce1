/** Every English text: every file of ./en/, each a group of keys named by its file ("signIn.json" → signIn.*). */
import rest from "./en-rest";
import start from "./en-start";

export default { ...start, ...rest };
