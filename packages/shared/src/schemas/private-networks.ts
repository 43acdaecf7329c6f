/** Request and response schemas of this area, with the spec's messages (filled in by its feature). */
export {};
