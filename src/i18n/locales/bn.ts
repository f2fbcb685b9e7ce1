/** Every Bengali text: every file of ./bn/, each a group of keys named by its file ("signIn.json" → signIn.*). */
import rest from "./bn-rest";
import start from "./bn-start";

export default { ...start, ...rest };
