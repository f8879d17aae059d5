"""Tables: seats, seat tokens, bots and the match of one table, run by one actor task per live table."""
