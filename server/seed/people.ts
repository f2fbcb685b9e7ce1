/** Realistic Bangladeshi names, places and numbers for the demo data. */
import type { Random } from "./random";

const MALE_GIVEN = [
  "Md. Rahim", "Md. Karim", "Abdul Jabbar", "Mohammad Shahin", "Md. Rafiqul", "Md. Jahangir", "Sohel", "Rubel",
  "Md. Shafiqul", "Anisur", "Mizanur", "Habibur", "Md. Alamgir", "Kamrul", "Masud", "Nazmul", "Sumon", "Faruk",
  "Md. Delwar", "Shahidul", "Monirul", "Ariful", "Md. Saiful", "Tanvir", "Mamun", "Jamal", "Harun", "Babul",
  "Md. Ashraful", "Nurul", "Ziaur", "Liton", "Mehedi", "Md. Shakil", "Rasel", "Imran", "Shamim", "Belal",
];
const FEMALE_GIVEN = [
  "Fatema", "Ayesha", "Nasrin", "Shirin", "Rokeya", "Taslima", "Jesmin", "Salma", "Rehana", "Morsheda",
  "Shahnaz", "Nargis", "Rupali", "Parvin", "Sharmin", "Kulsum", "Hasina", "Marium", "Sultana", "Rina",
];
const MALE_FAMILY = ["Hossain", "Rahman", "Islam", "Uddin", "Chowdhury", "Mia", "Sarkar", "Sheikh", "Ahmed", "Ali", "Khan", "Molla", "Bhuiyan", "Talukder"];
const FEMALE_FAMILY = ["Akter", "Begum", "Khatun", "Islam", "Rahman", "Chowdhury", "Sultana", "Parvin"];
const FATHER_GIVEN = ["Abdul", "Md. Abul", "Mohammad Nurul", "Md. Abdur", "Haji Md.", "Md. Siddiqur", "Md. Mofizul", "Md. Lutfor", "Abdus", "Md. Shamsul"];
const FATHER_FAMILY = ["Karim", "Kalam", "Haque", "Rashid", "Mannan", "Sattar", "Rahman", "Islam", "Hossain", "Miah"];
const MOTHER_GIVEN = ["Rahima", "Amena", "Jahanara", "Rabeya", "Sufia", "Hosne Ara", "Anowara", "Monowara", "Rowshan Ara", "Jobeda", "Majeda", "Feroza"];

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

export interface Person {
  fullName: string;
  fathersName: string;
  mothersName: string;
  district: string;
  female: boolean;
}

export function person(random: Random): Person {
  const female = random.chance(0.22); // most outgoing workers are men; women go mostly as domestic staff
  const fullName = female
    ? `${random.pick(FEMALE_GIVEN)} ${random.pick(FEMALE_FAMILY)}`
    : `${random.pick(MALE_GIVEN)} ${random.pick(MALE_FAMILY)}`;
  return {
    fullName,
    fathersName: `${random.pick(FATHER_GIVEN)} ${random.pick(FATHER_FAMILY)}`,
    mothersName: `${random.pick(MOTHER_GIVEN)} ${random.pick(FEMALE_FAMILY)}`,
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
