-- Menus whose items share positions (the demo seed wrote none) were shown by category, alphabetically,
-- for the rows that tied. They keep that order, now written down, so that dropping the alphabetical
-- tie-break changes nothing customers see and the owner's moves start from what is on screen.
UPDATE "menu_items" SET "position" = ranked.position
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "restaurant_id" ORDER BY "position", "category" ASC NULLS LAST, "created_at", "id") AS position
  FROM "menu_items"
  WHERE "restaurant_id" IN (
    SELECT "restaurant_id" FROM "menu_items" GROUP BY "restaurant_id", "position" HAVING count(*) > 1
  )
) AS ranked
WHERE "menu_items"."id" = ranked."id";
