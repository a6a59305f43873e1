-- Spec §2 "a test page": the component test page at /test, in the admin area of the menu, for admins only.
-- No module: switching modules off never hides it.
INSERT INTO "navigation_items" ("id", "title", "path", "type", "icon", "modules_id", "permissions") VALUES
  (22, 'Test Page', '/test', 1, 'Science', NULL, '{admin_access}');
