-- The site's analytics (POST /v1/events): how many times each event happened per day and per
-- route, network, language, theme and surface (the site or a widget). Counts only: no wallet
-- address, no client address, no user agent, no amount, no time finer than the day. Read with
-- `npm run analytics -- summary`. '' stands for "not given" (a key with NULL would never match).
CREATE TABLE analytics_events (
  day date NOT NULL,
  event text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 40),
  route text NOT NULL DEFAULT '' CHECK (char_length(route) <= 20),
  network text NOT NULL DEFAULT '' CHECK (char_length(network) <= 10),
  language text NOT NULL DEFAULT '' CHECK (char_length(language) <= 10),
  theme text NOT NULL DEFAULT '' CHECK (theme IN ('', 'light', 'dark')),
  surface text NOT NULL CHECK (surface IN ('site', 'widget')),
  count bigint NOT NULL CHECK (count > 0),
  PRIMARY KEY (day, event, route, network, language, theme, surface)
);
