/** Realistic Bangladeshi names, places and numbers for the demo data and `npm run seed:large`. */
import {
  FATHER_FAMILY,
  FATHER_GIVEN,
  HINDU_FAMILY,
  HINDU_FEMALE_GIVEN,
  HINDU_MALE_GIVEN,
  MOTHER_GIVEN,
  MUSLIM_FAMILY,
  MUSLIM_FEMALE_FAMILY,
  MUSLIM_FEMALE_GIVEN,
  MUSLIM_MALE_GIVEN,
  OTHER_FAMILY,
} from "./names";
import type { Random } from "./random";

/** Home districts, mostly those that send many workers abroad. */
export const DISTRICTS = [
  "Comilla", "Chattogram", "Brahmanbaria", "Tangail", "Noakhali", "Chandpur", "Dhaka", "Narsingdi", "Sylhet",
  "Feni", "Kishoreganj", "Munshiganj", "Gazipur", "Mymensingh", "Lakshmipur", "Cox's Bazar",
];

export const DHAKA_AREAS = [
  "House 12, Road 5, Dhanmondi, Dhaka 1205",
  "House 41, Road 11, Banani, Dhaka 1213",
  "Flat 3B, 27 Lake Circus, Kalabagan, Dhaka 1205",
  "House 8, Road 2, Sector 7, Uttara, Dhaka 1230",
  "22/1 Shantinagar, Dhaka 1217",
  "House 66, Block C, Mirpur 10, Dhaka 1216",
];

export const SCHOOLING = ["SSC", "HSC", "Class 8", "Class 10", "JSC", "Diploma", "Degree (Pass)", "Dakhil", "Alim", "Honours"];

/**
 * Picks from a list ordered from the most to the least common: item k weighs 1/(k+1)^exponent, so a
 * few names are very common and the rest form a long tail, as in a real register.
 */
class RankedList<T> {
  private readonly cumulative: number[];
  constructor(
    readonly items: readonly T[],
    exponent: number,
  ) {
    let total = 0;
    this.cumulative = items.map((_, k) => (total += 1 / (k + 1) ** exponent));
    this.cumulative = this.cumulative.map((c) => c / total);
  }

  pick(random: Random): T {
    const x = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return this.items[lo];
  }
}

const given = {
  muslimMale: new RankedList(MUSLIM_MALE_GIVEN, 0.7),
  muslimFemale: new RankedList(MUSLIM_FEMALE_GIVEN, 0.7),
  hinduMale: new RankedList(HINDU_MALE_GIVEN, 0.5),
  hinduFemale: new RankedList(HINDU_FEMALE_GIVEN, 0.5),
};
const family = {
  muslim: new RankedList(MUSLIM_FAMILY, 0.9),
  muslimFemale: new RankedList(MUSLIM_FEMALE_FAMILY, 1.2),
  hindu: new RankedList(HINDU_FAMILY, 0.7),
  other: new RankedList(OTHER_FAMILY, 0.5),
};

export interface Person {
  fullName: string;
  fathersName: string;
  mothersName: string;
  district: string;
  female: boolean;
}

/**
 * A worker's names: most outgoing workers are Muslim men, often written with "Md." or "Mohammad";
 * women (about one in five, mostly domestic workers) often carry "Mst." and "Akter" or "Begum".
 */
function fullName(random: Random, female: boolean): string {
  const roll = random.next();
  if (roll < 0.88) {
    if (female) {
      const title = random.chance(0.2) ? "Mst. " : "";
      const second = random.chance(0.7) ? family.muslimFemale : family.muslim;
      return `${title}${given.muslimFemale.pick(random)} ${second.pick(random)}`;
    }
    const titleRoll = random.next();
    const title = titleRoll < 0.3 ? "Md. " : titleRoll < 0.38 ? "Mohammad " : "";
    return `${title}${given.muslimMale.pick(random)} ${family.muslim.pick(random)}`;
  }
  if (roll < 0.985) {
    return `${(female ? given.hinduFemale : given.hinduMale).pick(random)} ${family.hindu.pick(random)}`;
  }
  return `${(female ? given.muslimFemale : given.hinduMale).pick(random)} ${family.other.pick(random)}`;
}

export function person(random: Random): Person {
  const female = random.chance(0.22); // most outgoing workers are men; women go mostly as domestic staff
  return {
    fullName: fullName(random, female),
    fathersName: `${random.pick(FATHER_GIVEN)} ${random.pick(FATHER_FAMILY)}`,
    mothersName: `${random.pick(MOTHER_GIVEN)} ${random.pick(MUSLIM_FEMALE_FAMILY)}`,
    district: random.pick(DISTRICTS),
    female,
  };
}

/** A mobile number as the forms require: 01[3-9] and eight digits. */
export const mobileNumber = (random: Random): string => `01${random.int(3, 9)}${random.digits(8)}`;

/** An e-passport number (a letter and eight digits) or an older MRP number (two letters and seven). */
export function passportNumber(random: Random): string {
  return random.chance(0.6)
    ? `${random.pick(["A", "B"])}${random.digits(8)}`
    : `${random.pick(["BX", "BY", "BZ", "EB", "EC", "ED", "EE", "EF"])}${random.digits(7)}`;
}
