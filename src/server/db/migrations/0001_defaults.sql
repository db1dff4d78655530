-- The single commission row every order snapshots its rate from (10 % by default).
INSERT INTO "commission_settings" ("id", "commission_bps") VALUES (1, 1000) ON CONFLICT ("id") DO NOTHING;
