/**
 * Word lists shipped with LinkLoom for made-up identities (issue 34 item 6): given names and
 * surnames of several languages, and niche-neutral words a blog's name is built from around the
 * campaign's own keywords. Nothing here names a real person or a subject of its own: the subject
 * always comes from the campaign.
 */
export const FIRST_NAMES = [
  'Alice', 'Amelia', 'Anna', 'Ben', 'Carla', 'Chloe', 'Daniel', 'David', 'Diego', 'Elena', 'Emma', 'Ethan',
  'Felix', 'Grace', 'Hannah', 'Hugo', 'Isabel', 'Ivan', 'Jack', 'James', 'Julia', 'Kate', 'Leo', 'Liam',
  'Lucas', 'Lucy', 'Maria', 'Mark', 'Mia', 'Nina', 'Noah', 'Olivia', 'Oscar', 'Paul', 'Rosa', 'Ryan',
  'Sara', 'Sofia', 'Tom', 'Victor', 'Zoe', 'Aisha', 'Arjun', 'Bianca', 'Chen', 'Dario', 'Elif', 'Farah',
  'Greta', 'Hiro', 'Ines', 'Jonas', 'Kofi', 'Lena', 'Marco', 'Nadia', 'Omar', 'Priya', 'Rafael', 'Selin',
  'Tariq', 'Uma', 'Vera', 'Wiktor', 'Yara',
] as const;

export const LAST_NAMES = [
  'Adams', 'Baker', 'Berg', 'Brown', 'Carter', 'Clark', 'Costa', 'Davis', 'Evans', 'Fischer', 'Garcia', 'Green',
  'Hall', 'Harris', 'Hill', 'Jansen', 'Jones', 'King', 'Lee', 'Lopez', 'Martin', 'Meyer', 'Miller', 'Moore',
  'Nilsen', 'Novak', 'Parker', 'Reed', 'Rossi', 'Scott', 'Silva', 'Smith', 'Taylor', 'Turner', 'Walker', 'White',
  'Wilson', 'Young', 'Andersen', 'Bauer', 'Castro', 'Dubois', 'Eriksen', 'Ferreira', 'Horvat', 'Ivanova', 'Kaya',
  'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quinn', 'Romero', 'Sato', 'Vidal', 'Weber', 'Zielinski',
] as const;

/** What a personal blog calls itself, whatever it is about. */
export const BLOG_NOUNS = [
  'Journal', 'Notes', 'Notebook', 'Corner', 'Diary', 'Log', 'Field Notes', 'Pages', 'Digest', 'Letters',
  'Chronicle', 'Desk', 'Workbench', 'Almanac', 'Companion', 'Handbook', 'Report', 'Weekly', 'Scrapbook', 'Files',
] as const;

/** Adjectives that fit any subject. */
export const BLOG_ADJECTIVES = [
  'Everyday', 'Practical', 'Simple', 'Honest', 'Curious', 'Plain', 'Thoughtful', 'Patient', 'Modest', 'Steady',
  'Weekend', 'Daily', 'Careful', 'Quiet', 'Hands-On',
] as const;

/** Words that carry no subject: left out when a keyword becomes a blog's topic. */
export const TOPIC_STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'best', 'buy', 'by', 'cheap', 'cheapest', 'click', 'for', 'free', 'from',
  'get', 'here', 'how', 'in', 'is', 'it', 'near', 'me', 'my', 'of', 'on', 'online', 'or', 'our', 'page', 'read', 'more',
  'sale', 'shop', 'site', 'the', 'this', 'to', 'top', 'us', 'vs', 'what', 'where', 'why', 'with', 'www', 'you', 'your',
  'http', 'https', 'com', 'net', 'org',
]);
