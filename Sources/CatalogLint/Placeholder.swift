// Filled by the lint work.
