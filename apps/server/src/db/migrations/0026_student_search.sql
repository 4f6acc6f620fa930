-- migrate:up
-- Students found by anything (DESIGN §10, issue 34): any part of a name, mobile number or e-mail, and an
-- exact order id or invoice number, fast on the large seed.
--
-- pg_trgm's GIN indexes serve LIKE '%part%' (and '=' since pg_trgm 1.6); PGlite ships pg_trgm as a
-- contrib extension (db/client.ts loads it), and PostgreSQL 13+ lets a database owner create it (a
-- trusted extension). It goes in the public schema so that every schema of one database (the test
-- suites' schemas) shares one copy: the operator class is named with its schema below. The down
-- migration leaves it installed, since other schemas of the database may use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- A name as searched: accents dropped, then lower case, so 'Zoë' is found by 'zoe' (lower() alone
-- leaves accented letters as they are under PGlite's C locale). Written with translate(), not the
-- unaccent extension, whose function is not IMMUTABLE and so cannot be indexed.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate(value, 'ÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮİŁŃŇÑÒÓÔÕÖØŌŐŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŹŻŽàáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłńňñòóôõöøōőřśšşťùúûüūůűųýÿźżž', 'AAAAAAAAACCCDDEEEEEEEEGIIIIIIILNNNOOOOOOOORSSSTUUUUUUUUYYZZZaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorssstuuuuuuuuyyzzz')) $$;

-- Folded once when written, not on every row a search reads: on the large seed (200,000 students,
-- 143 distinct names) 'sharma' matches one student in thirteen, the planner rightly scans the table,
-- and folding every name there took 1.2 s of the 1.5 s the search took.
ALTER TABLE students
  ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(name)) STORED,
  ADD COLUMN search_email text GENERATED ALWAYS AS (lower(email)) STORED;
CREATE INDEX students_name_search_idx ON students USING gin (search_name public.gin_trgm_ops);
CREATE INDEX students_email_search_idx ON students USING gin (search_email public.gin_trgm_ops);
CREATE INDEX students_mobile_search_idx ON students USING gin (mobile_number public.gin_trgm_ops);
-- exact order id, whatever case the caller typed (the invoice number's lower-case index and the
-- orders' newest-first index are migration 0025's, which the orders list shares)
CREATE INDEX orders_id_lower_idx ON orders (lower(id));
-- what the page shows before anything is typed: the newest students
CREATE INDEX students_created_idx ON students (created_at DESC, id);

-- migrate:down
DROP INDEX students_created_idx;
DROP INDEX orders_id_lower_idx;
DROP INDEX students_mobile_search_idx;
DROP INDEX students_email_search_idx;
DROP INDEX students_name_search_idx;
ALTER TABLE students DROP COLUMN search_name, DROP COLUMN search_email;
DROP FUNCTION search_fold(text);
