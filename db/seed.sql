-- Local demo data, applied by `npm start` after the migrations. Idempotent:
-- every row has a fixed key and is inserted with OR IGNORE, so a second run
-- changes nothing. Demo players give rankings and lists something to show;
-- their coins come through the ledger like anyone's (invariant L1).

INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-lucas', 'Lucas Tigrão', 'demo-lucas@demo.truco.local', 1184, 42, 27, 15, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-lucas', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-lucas', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-bia', 'Bia do Zap', 'demo-bia@demo.truco.local', 1121, 35, 21, 14, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-bia', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-bia', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-matias', 'Matías Ancho', 'demo-matias@demo.truco.local', 1096, 51, 28, 23, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-matias', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-matias', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-carmen', 'Carmen Envido', 'demo-carmen@demo.truco.local', 1043, 23, 13, 10, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-carmen', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-carmen', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-joao', 'João Manilha', 'demo-joao@demo.truco.local', 1012, 18, 9, 9, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-joao', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-joao', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-sofia', 'Sofía Retruco', 'demo-sofia@demo.truco.local', 987, 29, 13, 16, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-sofia', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-sofia', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-pedro', 'Pedrão Seis', 'demo-pedro@demo.truco.local', 958, 40, 17, 23, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-pedro', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-pedro', '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO users (id, nickname, email, ranking_points, games_played, games_won, games_lost, created_at) VALUES ('demo-ana', 'Ana Pica-Fumo', 'demo-ana@demo.truco.local', 931, 12, 4, 8, '2026-10-01T12:00:00.000Z');
INSERT OR IGNORE INTO coin_transactions (user_id, amount, transaction_type, description, idempotency_key, created_at) VALUES ('demo-ana', 1000, 'bonus', 'Bônus de boas-vindas', 'welcome:demo-ana', '2026-10-01T12:00:00.000Z');
UPDATE users SET virtual_coins = (SELECT COALESCE(SUM(amount), 0) FROM coin_transactions WHERE user_id = users.id) WHERE id LIKE 'demo-%';
