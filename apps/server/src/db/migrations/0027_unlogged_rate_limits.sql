-- Rate-limit counters skip the write-ahead log. Every data API call counts itself on its
-- grant's and its team's row, so a report opened by many viewers updates the same rows
-- hundreds of times a second; each update holds its row until its transaction commits, and a
-- logged commit waits for the log to reach the disk, so those calls queued one flush at a time
-- behind each other. Counters of an unlogged table commit without that wait. What is given up:
-- after a crash of the database the table comes back empty (every window restarts, which
-- lets at most one extra window's worth through), and standbys do not have it (a failover
-- starts empty the same way).
ALTER TABLE rate_limits SET UNLOGGED;
