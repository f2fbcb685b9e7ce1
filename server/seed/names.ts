/**
 * Bangladeshi given and family names, the one source of names for the demo data and for
 * `npm run seed:large`. Most lists run from the most to the least common, so a generator that weighs
 * them by rank (see people.ts) gives the few very common names and the long tail of a real agency.
 */

/** Muslim men's given names; the titles "Md." and "Mohammad" are added by people.ts. */
export const MUSLIM_MALE_GIVEN = [
  "Rahim", "Karim", "Abdul Jabbar", "Shahin", "Rafiqul", "Jahangir", "Sohel", "Rubel", "Shafiqul", "Anisur",
  "Mizanur", "Habibur", "Alamgir", "Kamrul", "Masud", "Nazmul", "Sumon", "Faruk", "Delwar", "Shahidul",
  "Monirul", "Ariful", "Saiful", "Tanvir", "Mamun", "Jamal", "Harun", "Babul", "Ashraful", "Nurul",
  "Ziaur", "Liton", "Mehedi", "Shakil", "Rasel", "Imran", "Shamim", "Belal", "Abdullah", "Abu Bakar",
  "Abul Kalam", "Aminul", "Anwar", "Arif", "Asad", "Ashik", "Atiqur", "Azizul", "Badal", "Bappi",
  "Bashir", "Biplob", "Bulbul", "Dulal", "Emon", "Enamul", "Ershad", "Faisal", "Farhad", "Ferdous",
  "Firoz", "Golam Mostafa", "Habib", "Hafizur", "Hanif", "Hasan", "Hasibul", "Helal", "Ibrahim", "Iqbal",
  "Ismail", "Jahid", "Jakir", "Jalal", "Jashim", "Jewel", "Jubayer", "Kabir", "Kafil", "Kamal",
  "Kawsar", "Khairul", "Khalid", "Lutfur", "Mahbub", "Mahfuz", "Mainul", "Majed", "Manik", "Maruf",
  "Milon", "Minhaz", "Mintu", "Mithun", "Mobarak", "Mohsin", "Moinul", "Monir", "Mostafa", "Motaleb",
  "Mukul", "Munna", "Murad", "Musa", "Nadim", "Nasir", "Nayeem", "Nazrul", "Noman", "Obaidul",
  "Omar Faruk", "Osman", "Palash", "Parvez", "Rabiul", "Rafi", "Raihan", "Rajib", "Rakib", "Rana",
  "Rashed", "Razzak", "Reaz", "Rezaul", "Riad", "Rifat", "Robiul", "Sabbir", "Sadek", "Sagor",
  "Sajib", "Sajjad", "Salam", "Salim", "Samad", "Sanaullah", "Sarwar", "Selim", "Shahadat", "Shahjahan",
  "Shahed", "Shahriar", "Shamsul", "Sharif", "Shawon", "Shohag", "Siddiqur", "Sirajul", "Sobuj", "Sujon",
  "Sultan", "Tarek", "Tofazzal", "Touhid", "Yasin", "Yousuf", "Zahid", "Zakir", "Zillur", "Abdur Rob",
  "Abdus Salam", "Abdul Kader", "Abdul Hamid", "Abdul Latif", "Abdul Malek", "Abdul Mannan", "Abdul Quddus", "Abdur Rashid", "Abdur Razzak", "Abu Taher",
  "Abu Sayeed", "Abu Hanif", "Akbar", "Akram", "Alauddin", "Ali Akbar", "Ali Hossain", "Alif", "Amir", "Amzad",
  "Anis", "Anowar", "Arafat", "Ashraf", "Ataur", "Aynal", "Azad", "Azharul", "Babar", "Bacchu",
  "Bahar", "Bakul", "Barkat", "Bellal", "Billal", "Dalim", "Didarul", "Dipu", "Ekramul", "Elias",
  "Emdadul", "Ezaz", "Fahim", "Fakhrul", "Farid", "Faruque", "Fazlul", "Forhad", "Gias", "Giasuddin",
  "Golam Rabbani", "Habibullah", "Hamidur", "Hannan", "Haroon", "Hasanuzzaman", "Hedayet", "Humayun", "Ikbal", "Ilias",
  "Imdadul", "Iftekhar", "Jahirul", "Jainal", "Jakaria", "Jamil", "Jasim", "Jobayer", "Jony", "Joynal",
  "Julhas", "Kamruzzaman", "Kashem", "Khorshed", "Kibria", "Lalon", "Latif", "Liakat", "Lokman", "Mahabub",
  "Mahmudul", "Majibur", "Mamunur", "Manjur", "Masum", "Matin", "Mofazzal", "Mofizul", "Mohiuddin", "Mojibur",
  "Mokbul", "Moniruzzaman", "Morshed", "Mosharraf", "Motiur", "Mozammel", "Mufazzal", "Muhit", "Mujahid", "Mustafizur",
  "Nahid", "Najmul", "Nasim", "Nazim", "Nayan", "Nizam", "Noor Alam", "Nuruzzaman", "Obaidur", "Pavel",
  "Rafiqul Islam", "Rahat", "Rajon", "Ramjan", "Rashedul", "Rasheduzzaman", "Rayhan", "Rezwan", "Riaz", "Ripon",
  "Rokon", "Ruhul Amin", "Russel", "Saddam", "Sadiqur", "Safayet", "Sahabuddin", "Saidur", "Sajal", "Sakib",
  "Salauddin", "Samsul Haque", "Sanowar", "Shafayet", "Shahabuddin", "Shahin Alam", "Shahnewaz", "Shajahan", "Shariful", "Shaon",
  "Shibli", "Shimul", "Shipon", "Shohel", "Shuvo", "Sohrab", "Solaiman", "Sumon Mia", "Syful", "Taher",
  "Taijul", "Tajul", "Tamim", "Tariqul", "Tipu", "Titu", "Toufiq", "Ujjal", "Wahid", "Waliullah",
  "Yeasin", "Zahirul", "Zainal", "Zamir", "Zubair", "Zulfikar", "Abir", "Adnan", "Ahsan", "Anik",
  "Apu", "Asif", "Ayub", "Bashar", "Fayez", "Hridoy", "Jubair", "Kausar", "Mahin", "Nayon",
  "Polash", "Rony", "Sajid", "Shanto", "Sourav", "Tushar", "Al Amin", "Shah Alam", "Nur Islam", "Mizan",
] as const;

export const HINDU_MALE_GIVEN = [
  "Amit", "Anup", "Ashok", "Bikash", "Biswajit", "Dipak", "Gopal", "Gobinda", "Haripada", "Jiban",
  "Kartik", "Krishna", "Liton Chandra", "Madhab", "Mithu", "Nironjon", "Pintu", "Pradip", "Prosanto", "Rajesh",
  "Ratan", "Sajal Kumar", "Sanjoy", "Shankar", "Shyamal", "Subrata", "Sudip", "Sujit", "Swapan", "Tapan",
  "Uttam", "Bishnu", "Dilip", "Nitai", "Parimal", "Ramesh", "Sushanta", "Bablu", "Dhiren", "Nikhil",
] as const;

/** Muslim women's given names; the title "Mst." is added by people.ts. */
export const MUSLIM_FEMALE_GIVEN = [
  "Fatema", "Ayesha", "Nasrin", "Shirin", "Rokeya", "Taslima", "Jesmin", "Salma", "Rehana", "Morsheda",
  "Shahnaz", "Nargis", "Rupali", "Parvin", "Sharmin", "Kulsum", "Hasina", "Marium", "Sultana", "Rina",
  "Ambia", "Amena", "Anjuman", "Arifa", "Asma", "Beauty", "Bilkis", "Delowara", "Dilruba", "Farida",
  "Farzana", "Ferdousi", "Firoza", "Hafsa", "Halima", "Hamida", "Hosne Ara", "Jahanara", "Jamila", "Jannatul",
  "Jharna", "Josna", "Khadija", "Kohinoor", "Laily", "Lipi", "Lovely", "Mahmuda", "Maksuda", "Mala",
  "Marzia", "Minara", "Mitu", "Momena", "Monowara", "Moriom", "Mousumi", "Mukta", "Munni", "Nahar",
  "Najma", "Nasima", "Nazma", "Nilufa", "Nupur", "Papia", "Poly", "Rabeya", "Rahima", "Razia",
  "Reshma", "Roksana", "Rokshana", "Rowshan Ara", "Rubina", "Rumana", "Runa", "Sabina", "Sabiha", "Sadia",
  "Sahida", "Sajeda", "Sakina", "Saleha", "Samia", "Selina", "Shahana", "Shamima", "Shammi", "Shapla",
  "Shefali", "Shila", "Shilpi", "Shimu", "Sonia", "Sufia", "Sumaiya", "Sumi", "Surma", "Tahmina",
  "Tania", "Tanjila", "Tasnim", "Umme Kulsum", "Yasmin", "Zakia", "Zannat", "Zinat", "Afroza", "Akhi",
  "Anowara", "Aklima", "Asiya", "Bristi", "Feroza", "Hasna", "Jobeda", "Jui", "Kakoli", "Kamrun Nahar",
  "Laboni", "Lutfa", "Majeda", "Mahfuza", "Meherun", "Mumtaz", "Nazmun", "Nurjahan", "Parul", "Popy",
  "Rasheda", "Rubi", "Sabrina", "Shahinur", "Shanta", "Shiuli", "Sima", "Smrity", "Suraiya", "Taniya",
] as const;

export const HINDU_FEMALE_GIVEN = [
  "Anjali", "Archana", "Bithi", "Chandana", "Dipali", "Gita", "Jayanti", "Kalpana", "Lakshmi", "Mamata",
  "Mita", "Namita", "Purnima", "Rekha", "Rina Rani", "Sabita", "Shikha", "Sumitra", "Swapna", "Tripti",
] as const;

/** Muslim family names and titles, carried by men and by many women; the most common first. */
export const MUSLIM_FAMILY = [
  "Hossain", "Islam", "Rahman", "Ahmed", "Uddin", "Ali", "Miah", "Khan", "Sarker", "Chowdhury",
  "Sheikh", "Molla", "Mondal", "Haque", "Alam", "Bhuiyan", "Talukder", "Hasan", "Kabir", "Akand",
  "Munshi", "Howlader", "Gazi", "Sikder", "Karim", "Mahmud", "Siddique", "Hoque", "Amin", "Bari",
  "Bepari", "Dewan", "Fakir", "Hawlader", "Jamadar", "Kazi", "Khandaker", "Majumder", "Matubbar", "Mazumder",
  "Mridha", "Patwary", "Pramanik", "Sardar", "Shikder", "Tarafder", "Zaman", "Rashid", "Kader", "Mannan",
  "Sattar", "Majid", "Latif", "Jabbar", "Awal", "Babu", "Bhuyan", "Chakladar", "Dhali", "Faraji",
  "Ghazi", "Hajari", "Jomaddar", "Kari", "Laskar", "Mallik", "Mollah", "Mozumder", "Nayeb", "Osmani",
  "Pathan", "Paik", "Prodhan", "Quader", "Rabbani", "Rana", "Sana", "Shah", "Sobhan", "Syed",
  "Tapadar", "Ullah", "Wahab", "Yusuf", "Zaidi", "Akon", "Aziz", "Bakshi", "Chisti", "Dawood",
  "Ehsan", "Farazi", "Habib", "Hafiz", "Hakim", "Hannan", "Haider", "Iqbal", "Jalil", "Jamil",
  "Kamal", "Kashem", "Khalil", "Lutfi", "Mahbub", "Malek", "Masum", "Matin", "Mia", "Mirza",
  "Mostafa", "Munir", "Nasir", "Noor", "Parvez", "Qureshi", "Rahmatullah", "Razzak", "Rizvi", "Sabur",
  "Sadi", "Salam", "Sarwar", "Shafi", "Shahid", "Sultan", "Taher", "Tahir", "Wadud", "Zahir",
  "Zakaria", "Baten", "Bepary", "Mredha", "Bhuiya", "Shekh", "Miazi", "Pattwari", "Khondokar", "Zamadar",
  "Hazari", "Mojumder",
] as const;

/** Hindu family names. */
export const HINDU_FAMILY = [
  "Das", "Roy", "Biswas", "Bhattacharjee", "Chakraborty", "Dey", "Dutta", "Ghosh", "Saha", "Paul",
  "Pal", "Sen", "Nath", "Debnath", "Barman", "Halder", "Karmakar", "Sutradhar", "Mitra", "Bose",
  "Guha", "Banik", "Shil", "Acharjee", "Bhowmik", "Chanda", "Kundu", "Mukherjee", "Banerjee", "Ganguly",
  "Sarkar", "Adhikary", "Malo", "Majhi", "Bishwas",
] as const;

/** Christian and Adivasi family names. */
export const OTHER_FAMILY = [
  "Rozario", "Gomes", "D'Costa", "Corraya", "Chakma", "Marma", "Tripura", "Tanchangya", "Murmu", "Hembrom",
  "Tudu", "Soren", "Mardi",
] as const;

/** Second names of Muslim women; "Akter" and "Begum" are by far the most common. */
export const MUSLIM_FEMALE_FAMILY = [
  "Akter", "Begum", "Khatun", "Islam", "Rahman", "Sultana", "Parvin", "Nahar", "Ara", "Jahan",
  "Chowdhury", "Hossain", "Yasmin", "Ferdousi", "Khanam", "Bibi", "Nesa", "Banu", "Sarker",
] as const;

export const FATHER_GIVEN = ["Abdul", "Md. Abul", "Mohammad Nurul", "Md. Abdur", "Haji Md.", "Md. Siddiqur", "Md. Mofizul", "Md. Lutfor", "Abdus", "Md. Shamsul"] as const;
export const FATHER_FAMILY = ["Karim", "Kalam", "Haque", "Rashid", "Mannan", "Sattar", "Rahman", "Islam", "Hossain", "Miah"] as const;
export const MOTHER_GIVEN = ["Rahima", "Amena", "Jahanara", "Rabeya", "Sufia", "Hosne Ara", "Anowara", "Monowara", "Rowshan Ara", "Jobeda", "Majeda", "Feroza"] as const;
