/**
 * Word lists shipped with LinkLoom for made-up profiles: common given names and surnames of
 * several languages, and plain words for blog titles. Nothing here names a real person.
 */
export const FIRST_NAMES = [
  'Alice', 'Amelia', 'Anna', 'Ben', 'Carla', 'Chloe', 'Daniel', 'David', 'Diego', 'Elena', 'Emma', 'Ethan',
  'Felix', 'Grace', 'Hannah', 'Hugo', 'Isabel', 'Ivan', 'Jack', 'James', 'Julia', 'Kate', 'Leo', 'Liam',
  'Lucas', 'Lucy', 'Maria', 'Mark', 'Mia', 'Nina', 'Noah', 'Olivia', 'Oscar', 'Paul', 'Rosa', 'Ryan',
  'Sara', 'Sofia', 'Tom', 'Victor', 'Zoe',
] as const;

export const LAST_NAMES = [
  'Adams', 'Baker', 'Berg', 'Brown', 'Carter', 'Clark', 'Costa', 'Davis', 'Evans', 'Fischer', 'Garcia', 'Green',
  'Hall', 'Harris', 'Hill', 'Jansen', 'Jones', 'King', 'Lee', 'Lopez', 'Martin', 'Meyer', 'Miller', 'Moore',
  'Nilsen', 'Novak', 'Parker', 'Reed', 'Rossi', 'Scott', 'Silva', 'Smith', 'Taylor', 'Turner', 'Walker', 'White',
  'Wilson', 'Young',
] as const;

export const ADJECTIVES = [
  'Bright', 'Calm', 'Clever', 'Cozy', 'Daily', 'Fresh', 'Golden', 'Green', 'Happy', 'Honest', 'Little', 'Modern',
  'Open', 'Quiet', 'Simple', 'Smart', 'Sunny', 'Urban', 'Wild', 'Wise',
] as const;

export const NOUNS = [
  'Garden', 'Kitchen', 'Journey', 'Notes', 'Corner', 'Workshop', 'Studio', 'Trail', 'Table', 'Harbor', 'Market',
  'Library', 'Compass', 'Lantern', 'Meadow', 'Orchard', 'Pantry', 'Canvas', 'Harvest', 'Horizon',
] as const;

export const TOPICS = [
  'Tips', 'Stories', 'Guides', 'Ideas', 'Diaries', 'Reviews', 'Insights', 'Thoughts', 'Finds', 'Lessons',
] as const;
