// Dev-only bridge between our bench (scripts/bench-outside.ts) and the bots of CTruco's bot-spi
// (com.bueno.spi.service.BotServiceProvider). Our own code: it is compiled against a CTruco
// checkout kept OUTSIDE this repository (scripts/outside-bots/build.sh); nothing of CTruco's is
// committed here.
//
// Protocol: one JSON object per line on stdin, one JSON object per line on stdout, in order.
//   {"seat":"m3:p1","bot":"com.x.Y","method":"new"}            -> {"ok":true}  (a fresh bot instance for the seat)
//   {"seat":"m3:p1","method":"drop"}                           -> {"ok":true}
//   {"method":"list"}                                          -> {"ok":true,"bots":["com.x.Y",...]} (ServiceLoader)
//   {"seat":"m3:p1","method":"chooseCard","intel":{...}}       -> {"ok":true,"card":"4D","discard":false}
//   {"seat":..,"method":"decideIfRaises"|"getMaoDeOnzeResponse","intel":{...}} -> {"ok":true,"bool":true}
//   {"seat":..,"method":"getRaiseResponse","intel":{...}}      -> {"ok":true,"int":-1|0|1}
//   any failure (an exception in the bot, a bad request)       -> {"ok":false,"error":"..."}
// intel: {"cards":["4D",..],"open":["7C",..],"vira":"7C","opp":"KH"|null,"rounds":["WON","DREW","LOST"],
//         "score":3,"oppScore":5,"handPoints":1}. Cards are CTruco symbols: rank 4 5 6 7 Q J K A 2 3 then
//         suit D S H C; "XX" is a card played face down.
// The bots' own prints go to stderr, so that stdout carries the protocol only.
import com.bueno.spi.model.CardRank;
import com.bueno.spi.model.CardSuit;
import com.bueno.spi.model.CardToPlay;
import com.bueno.spi.model.GameIntel;
import com.bueno.spi.model.TrucoCard;
import com.bueno.spi.service.BotServiceProvider;

import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

public final class Bridge {
    private final Map<String, BotServiceProvider> seats = new HashMap<>();

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err); // bots that print must not break the protocol
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Bridge bridge = new Bridge();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) continue;
            String reply;
            try {
                reply = bridge.handle(line);
            } catch (Throwable t) {
                reply = "{\"ok\":false,\"error\":" + quote(t.getClass().getSimpleName() + ": " + t.getMessage()) + "}";
            }
            out.print(reply);
            out.print('\n');
            out.flush();
        }
    }

    @SuppressWarnings("unchecked")
    private String handle(String line) throws Exception {
        Map<String, Object> req = (Map<String, Object>) new Json(line).value();
        String method = (String) req.get("method");
        String seat = (String) req.get("seat");
        switch (method) {
            case "list": {
                StringBuilder sb = new StringBuilder("{\"ok\":true,\"bots\":[");
                boolean first = true;
                for (ServiceLoader.Provider<BotServiceProvider> p : ServiceLoader.load(BotServiceProvider.class).stream().toList()) {
                    if (!first) sb.append(',');
                    sb.append(quote(p.type().getName()));
                    first = false;
                }
                return sb.append("]}").toString();
            }
            case "new": {
                Class<?> c = Class.forName((String) req.get("bot"));
                seats.put(seat, (BotServiceProvider) c.getDeclaredConstructor().newInstance());
                return "{\"ok\":true}";
            }
            case "drop":
                seats.remove(seat);
                return "{\"ok\":true}";
            default:
                break;
        }
        BotServiceProvider bot = seats.get(seat);
        if (bot == null) throw new IllegalStateException("no bot at seat " + seat);
        GameIntel intel = intel((Map<String, Object>) req.get("intel"));
        switch (method) {
            case "chooseCard": {
                CardToPlay c = bot.chooseCard(intel);
                if (c == null) throw new IllegalStateException("chooseCard returned null");
                return "{\"ok\":true,\"card\":" + quote(symbol(c.content())) + ",\"discard\":" + c.isDiscard() + "}";
            }
            case "decideIfRaises":
                return "{\"ok\":true,\"bool\":" + bot.decideIfRaises(intel) + "}";
            case "getMaoDeOnzeResponse":
                return "{\"ok\":true,\"bool\":" + bot.getMaoDeOnzeResponse(intel) + "}";
            case "getRaiseResponse":
                return "{\"ok\":true,\"int\":" + bot.getRaiseResponse(intel) + "}";
            default:
                throw new IllegalArgumentException("unknown method " + method);
        }
    }

    @SuppressWarnings("unchecked")
    private static GameIntel intel(Map<String, Object> m) {
        List<GameIntel.RoundResult> rounds = new ArrayList<>();
        for (Object r : (List<Object>) m.get("rounds")) rounds.add(GameIntel.RoundResult.valueOf((String) r));
        GameIntel.StepBuilder b = GameIntel.StepBuilder.with()
                .gameInfo(rounds, cards((List<Object>) m.get("open")), card((String) m.get("vira")), num(m.get("handPoints")))
                .botInfo(cards((List<Object>) m.get("cards")), num(m.get("score")))
                .opponentScore(num(m.get("oppScore")));
        Object opp = m.get("opp");
        if (opp != null) b.opponentCard(card((String) opp));
        return b.build();
    }

    private static int num(Object o) {
        return ((Number) o).intValue();
    }

    private static List<TrucoCard> cards(List<Object> list) {
        // A mutable list: some bots sort or remove from the list they are given.
        List<TrucoCard> out = new ArrayList<>();
        for (Object o : list) out.add(card((String) o));
        return out;
    }

    private static TrucoCard card(String s) {
        if (s.equals("XX")) return TrucoCard.closed();
        return TrucoCard.of(CardRank.ofSymbol(s.substring(0, 1)), CardSuit.ofSymbol(s.substring(1, 2)));
    }

    private static String symbol(TrucoCard c) {
        return c.getRank().toString() + c.getSuit().toString();
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char ch : String.valueOf(s).toCharArray()) {
            if (ch == '"' || ch == '\\') sb.append('\\').append(ch);
            else if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
            else sb.append(ch);
        }
        return sb.append('"').toString();
    }

    /** A minimal JSON reader: objects, arrays, strings (simple escapes), integers, true/false/null. */
    private static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            ws();
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    ws();
                    String k = string();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                    if (s.charAt(i) == ',') { i++; continue; }
                    expect('}');
                    return m;
                }
            }
            if (c == '[') {
                i++;
                List<Object> l = new ArrayList<>();
                ws();
                if (s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value());
                    ws();
                    if (s.charAt(i) == ',') { i++; continue; }
                    expect(']');
                    return l;
                }
            }
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int start = i;
            if (c == '-') i++;
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            return Long.parseLong(s.substring(start, i));
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    if (e == 'u') { sb.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; }
                    else sb.append(e == 'n' ? '\n' : e == 't' ? '\t' : e);
                } else sb.append(c);
            }
            i++;
            return sb.toString();
        }

        private void ws() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        }

        private void expect(char c) {
            if (s.charAt(i) != c) throw new IllegalArgumentException("expected '" + c + "' at " + i);
            i++;
        }
    }
}
