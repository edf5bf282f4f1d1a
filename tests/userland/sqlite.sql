-- SQL workload for tests/userland (Debian's riscv64 sqlite3 under
-- qemu-riscv64); expected.py computes every answer without SQL.
.mode list
.separator " "
CREATE TABLE t(id INTEGER PRIMARY KEY, x INTEGER, s TEXT);
WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100000)
INSERT INTO t(id, x, s)
  SELECT i, (i * 7919) % 100003,
         'row-' || printf('%06d', i) || '-' || substr('abcdefghijklmnopqrstuvwxyz', 1 + i % 26, 1 + i % 7)
  FROM c;
SELECT 'agg', count(*), sum(x), sum(x * x) % 1000000007, min(x), max(x) FROM t;
SELECT 'group', x % 10, count(*), sum(length(s)) FROM t GROUP BY x % 10 ORDER BY x % 10;
SELECT 'like', count(*) FROM t WHERE s LIKE '%-cde%';
SELECT 'instr', count(*) FROM t WHERE instr(s, 'xyz') > 0;
CREATE INDEX ts ON t(s);
SELECT 'top', s FROM t ORDER BY s DESC LIMIT 3;
SELECT 'distinct', count(DISTINCT substr(s, 12)) FROM t;
SELECT 'small', group_concat(id, ',') FROM (SELECT id FROM t WHERE x < 40 ORDER BY x);
SELECT 'join', count(*) FROM t a JOIN t b ON a.x = b.id WHERE b.s LIKE '%a';
