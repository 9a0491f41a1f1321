// The phone's control page: one HTML document (its CSS and script inline, nothing fetched from
// elsewhere) served at GET / without a token, since a browser opening a link cannot send an
// Authorization header. The page holds no data: it takes the token from the link's `#token=` fragment
// (never sent to a server), keeps it in sessionStorage, wipes it from the address bar and sends it
// with every /api request. Names are user text: the script puts them in the DOM with textContent only.
// The Content-Security-Policy allows this page's own script and style (by their SHA-256) and requests
// to its own origin, nothing else.
import Draws

enum ControlPage {
    /// The page as sent.
    static let html = head + "<style>" + style + "</style>\n</head>\n" + body + "<script>" + script + "</script>\n</html>\n"

    /// The headers the page is sent with (besides Content-Type and Cache-Control: no-store).
    static let headers: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
    ]

    /// Only this page's inline script and style run; fetches go to the kiosk that sent it; the icon is
    /// the empty `data:` one (so the browser asks for no /favicon.ico, which would be a 401 counted
    /// against the phone's address).
    static let contentSecurityPolicy = "default-src 'none'; script-src '\(sha256(script))'; style-src '\(sha256(style))'; "
        + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// "sha256-" and the base64 of `text`'s digest, as a CSP source.
    static func sha256(_ text: String) -> String {
        let hex = Array(SHA256.hex(text).utf8)
        let digest = stride(from: 0, to: hex.count, by: 2).map { UInt8(nibble(hex[$0]) << 4 | nibble(hex[$0 + 1])) }
        return "sha256-" + base64(digest)
    }

    private static func nibble(_ digit: UInt8) -> UInt8 { digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10 }

    private static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[value >> (18 - 6 * position) & 63] : UInt8(ascii: "="))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let head = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
        <meta name="color-scheme" content="light dark">
        <meta name="referrer" content="no-referrer">
        <title>Roundel control</title>
        <link rel="icon" href="data:,">

        """#

    static let style = #"""
        :root { color-scheme: light dark; --bg: #f4f2ee; --fg: #1b1b1f; --muted: #5b5b63; --card: #ffffff;
          --line: #d8d4cc; --accent: #c8102e; --on-accent: #ffffff; --button: #e9e6df; --prize: #0b7a3b; --error: #b3261e; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #111114; --fg: #f1f1f4; --muted: #a8a8b3; --card: #1c1c21; --line: #34343c;
            --accent: #ff5468; --on-accent: #16060a; --button: #2a2a31; --prize: #56d68d; --error: #ff8f86; }
        }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 17px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        main { max-width: 34rem; margin: 0 auto; padding: 12px 14px 32px; }
        header { display: flex; align-items: baseline; justify-content: space-between; gap: 8px; flex-wrap: wrap; }
        h1 { font-size: 1.35rem; margin: 4px 0 8px; }
        h2 { font-size: 0.95rem; margin: 0 0 8px; color: var(--muted); font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; }
        .muted { color: var(--muted); font-size: 0.95rem; margin: 0; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 12px 14px; margin: 12px 0; }
        button { font: inherit; font-weight: 600; color: var(--fg); background: var(--button); border: 1px solid var(--line);
          border-radius: 12px; min-height: 52px; padding: 10px 14px; cursor: pointer; touch-action: manipulation; }
        button:disabled { opacity: 0.45; cursor: default; }
        button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        #spin { display: block; width: 100%; min-height: 112px; margin: 6px 0 4px; font-size: 2.4rem; letter-spacing: 0.12em;
          color: var(--on-accent); background: var(--accent); border: none; border-radius: 20px; }
        #spin-note { min-height: 1.4em; text-align: center; }
        #error { min-height: 1.4em; margin: 6px 0 0; color: var(--error); font-weight: 600; overflow-wrap: anywhere; }
        #result-text { font-size: 1.6rem; font-weight: 700; margin: 0; overflow-wrap: anywhere; }
        #result-kind { margin: 2px 0 0; color: var(--muted); }
        #result-kind.prize { color: var(--prize); font-weight: 700; }
        table { width: 100%; border-collapse: collapse; }
        th { text-align: left; font-size: 0.85rem; color: var(--muted); font-weight: 600; padding: 0 6px 6px 0; }
        td { padding: 9px 6px 9px 0; border-top: 1px solid var(--line); vertical-align: top; }
        td:first-child { overflow-wrap: anywhere; }
        th.number, td.number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; padding-right: 0; padding-left: 8px; }
        tr.out td { color: var(--muted); }
        .row { display: flex; flex-wrap: wrap; gap: 8px; }
        .row button { flex: 1 1 30%; }
        #scenes button[aria-pressed="true"] { background: var(--fg); color: var(--bg); border-color: var(--fg); }
        #link { font-size: 0.85rem; }
        code { font-size: 0.95em; white-space: nowrap; }
        """#

    private static let body = #"""
        <body>
        <main>
        <header><h1>Roundel</h1><p id="link" class="muted"></p></header>
        <section id="notoken" class="card" hidden>
        <h2>Open the kiosk's link</h2>
        <p>This page needs the link the kiosk gives: open the link that <code>roundel control-link</code> prints on the kiosk,
        or scan the QR code the kiosk shows. The link carries the key to this kiosk; the page's address alone does not.</p>
        </section>
        <div id="controls" hidden>
        <p id="event" class="muted"></p>
        <button id="spin" type="button" disabled>SPIN</button>
        <p id="spin-note" class="muted"></p>
        <p id="error" role="alert"></p>
        <section class="card" aria-labelledby="result-title">
        <h2 id="result-title">Last result</h2>
        <div id="result" aria-live="polite"><p id="result-text">No draw yet</p><p id="result-kind"></p></div>
        </section>
        <section class="card" aria-labelledby="entries-title">
        <h2 id="entries-title">Entries</h2>
        <table id="entries"><thead><tr><th>Name</th><th class="number">Chance</th><th class="number">Left</th></tr></thead><tbody></tbody></table>
        </section>
        <section class="card" aria-labelledby="scenes-title">
        <h2 id="scenes-title">Scene</h2>
        <div id="scenes" class="row"></div>
        </section>
        <section class="card" aria-labelledby="timer-title">
        <h2 id="timer-title">Timer</h2>
        <div class="row"><button type="button" id="timer-start">Start</button><button type="button" id="timer-pause">Pause</button><button type="button" id="timer-reset">Reset</button></div>
        </section>
        <section class="card" aria-labelledby="event-title">
        <h2 id="event-title">Event</h2>
        <div class="row"><button type="button" id="new-event">New event</button><button type="button" id="csv">Download CSV</button></div>
        </section>
        </div>
        </main>

        """#

    static let script = #"""
        "use strict";
        (function () {
          const KEY = "roundel-control-token";
          const $ = (id) => document.getElementById(id);
          let token = null, state = null, busy = false;
          let streaming = false, pollTimer = null, retryTimer = null;
          let streamed = 0;   // states taken from the event stream: a read of /api/state begun before one is older

          // The token: from the link's fragment (then wiped from the address bar), else from this session.
          function takeToken() {
            const match = /(?:^#|&)token=([^&]*)/.exec(location.hash);
            let found = null;
            if (match) {
              try { found = decodeURIComponent(match[1]); } catch (e) { found = null; }
              history.replaceState(null, "", location.pathname + location.search);
            }
            try {
              if (found) sessionStorage.setItem(KEY, found); else found = sessionStorage.getItem(KEY);
            } catch (e) { /* storage refused: the token lives as long as the page */ }
            return found || null;
          }

          function forgetToken() {
            token = null;
            try { sessionStorage.removeItem(KEY); } catch (e) {}
            stopPolling();
            $("controls").hidden = true;
            $("notoken").hidden = false;
            $("link").textContent = "";
          }

          function showError(text) { $("error").textContent = text || ""; }

          async function api(method, path, body) {
            const init = { method: method, headers: { "Authorization": "Bearer " + token }, cache: "no-store" };
            if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
            let response;
            try { response = await fetch(path, init); }
            catch (e) { throw new Error("The kiosk does not answer: is it on, and this phone on its network?"); }
            if (response.status === 401) {
              forgetToken();
              throw new Error("The kiosk refused this link's key: open the kiosk's link again.");
            }
            if (!response.ok) {
              let reason = "";
              try { const answer = await response.json(); if (answer && answer.error) reason = String(answer.error); } catch (e) {}
              throw new Error(reason || ("The kiosk answered " + response.status + "."));
            }
            return response;
          }

          function percent(chance) {
            const p = Number(chance) * 100;
            if (!(p > 0)) return "0%";
            if (p < 0.1) return "< 0.1%";
            return (Math.round(p * 10) / 10) + "%";
          }

          function canWin(s) { return s.entries.some((e) => e.chance > 0); }

          function cell(row, text, className) {
            const td = document.createElement("td");
            td.textContent = text;
            if (className) td.className = className;
            row.appendChild(td);
          }

          function render() {
            if (!state) return;
            const s = state;
            $("event").textContent = (s.event === null ? "No record kept" : "Event " + s.event) + " · " + s.draws + (s.draws === 1 ? " draw" : " draws");

            const winnable = canWin(s);
            $("spin").disabled = busy || s.spinning || !winnable;
            $("spin-note").textContent = s.spinning ? "The wheel is spinning…" : (winnable ? "" : "Nothing can win: every entry is sold out or has no chance.");

            // The result shows once the wheel has landed (it is chosen before the wheel turns).
            const kind = $("result-kind");
            kind.className = "";
            if (s.spinning) {
              $("result-text").textContent = "Spinning…";
              kind.textContent = "";
            } else if (s.lastResult) {
              $("result-text").textContent = s.lastResult.text;
              kind.textContent = "Draw " + s.lastResult.draw + " · " + (s.lastResult.prize ? "a prize" : "no prize");
              if (s.lastResult.prize) kind.className = "prize";
            } else {
              $("result-text").textContent = "No draw yet";
              kind.textContent = "";
            }

            const rows = document.createElement("tbody");
            for (const entry of s.entries) {
              const row = document.createElement("tr");
              if (!(entry.chance > 0)) row.className = "out";
              cell(row, entry.text);
              cell(row, percent(entry.chance), "number");
              cell(row, entry.stockLeft === null || entry.stockLeft === undefined ? "—" : (entry.stockLeft === 0 ? "none" : String(entry.stockLeft)), "number");
              rows.appendChild(row);
            }
            $("entries").tBodies[0].replaceWith(rows);

            const scenes = $("scenes");
            const names = s.scenes.join("\n");
            if (scenes.dataset.names !== names) {
              scenes.replaceChildren();
              for (const name of s.scenes) {
                const button = document.createElement("button");
                button.type = "button";
                button.textContent = name.charAt(0).toUpperCase() + name.slice(1);
                button.addEventListener("click", () => command("/api/scene", { scene: name }));
                button.dataset.scene = name;
                scenes.appendChild(button);
              }
              scenes.dataset.names = names;
            }
            for (const button of scenes.children) {
              button.setAttribute("aria-pressed", button.dataset.scene === s.scene ? "true" : "false");
              button.disabled = busy;
            }
            for (const id of ["timer-start", "timer-pause", "timer-reset", "new-event"]) $(id).disabled = busy;
          }

          function apply(next) {
            if (!next || !Array.isArray(next.entries) || !Array.isArray(next.scenes)) return;
            state = next;
            render();
          }

          async function refresh() {
            if (!token) return;
            const before = streamed;
            try {
              const next = await (await api("GET", "/api/state")).json();
              if (streamed === before) apply(next);
            }
            catch (e) { if (token) { showError(e.message); $("link").textContent = "Not connected"; } }
          }

          async function command(path, body) {
            if (busy || !token) return;
            busy = true;
            showError("");
            render();
            try { await api("POST", path, body === undefined ? {} : body); }
            catch (e) { showError(e.message); }
            finally { busy = false; render(); refresh(); }
          }

          async function downloadCSV() {
            showError("");
            try {
              const blob = await (await api("GET", "/api/history.csv")).blob();
              const url = URL.createObjectURL(blob);
              const link = document.createElement("a");
              link.href = url;
              link.download = "roundel-history.csv";
              document.body.appendChild(link);
              link.click();
              link.remove();
              setTimeout(() => URL.revokeObjectURL(url), 30000);
            } catch (e) { showError(e.message); }
          }

          // Polling every 2 s while there is no event stream.
          function startPolling() {
            if (pollTimer === null && token) pollTimer = setInterval(refresh, 2000);
            if (token) $("link").textContent = "Updating every 2 s";
          }
          function stopPolling() {
            if (pollTimer !== null) { clearInterval(pollTimer); pollTimer = null; }
          }

          // The event stream (server-sent events read with fetch: EventSource cannot send the token).
          async function stream() {
            retryTimer = null;
            if (streaming || !token) return;
            streaming = true;
            const controller = new AbortController();
            let watchdog = null;
            const feed = () => { clearTimeout(watchdog); watchdog = setTimeout(() => controller.abort(), 45000); };
            try {
              feed();
              const response = await fetch("/api/events", { headers: { "Authorization": "Bearer " + token }, cache: "no-store", signal: controller.signal });
              if (response.status === 401) { forgetToken(); return; }
              if (!response.ok || !response.body) return;
              const reader = response.body.getReader();
              const decoder = new TextDecoder();
              let buffer = "", data = [], kind = "";
              stopPolling();
              $("link").textContent = "Live";
              for (;;) {
                const chunk = await reader.read();
                if (chunk.done) break;
                feed();
                buffer += decoder.decode(chunk.value, { stream: true });
                let end;
                while ((end = buffer.indexOf("\n")) >= 0) {
                  let line = buffer.slice(0, end);
                  buffer = buffer.slice(end + 1);
                  if (line.endsWith("\r")) line = line.slice(0, -1);
                  if (line === "") {
                    if (data.length > 0 && (kind === "" || kind === "state")) { streamed += 1; apply(JSON.parse(data.join("\n"))); }
                    data = [];
                    kind = "";
                  } else if (line.startsWith("data:")) {
                    data.push(line.slice(5).replace(/^ /, ""));
                  } else if (line.startsWith("event:")) {
                    kind = line.slice(6).trim();
                  }
                }
              }
            } catch (e) {
              /* the stream broke: poll until it can be opened again */
            } finally {
              clearTimeout(watchdog);
              streaming = false;
              if (token) {
                startPolling();
                refresh();
                if (retryTimer === null) retryTimer = setTimeout(stream, 15000);
              }
            }
          }

          $("spin").addEventListener("click", () => command("/api/spin"));
          $("timer-start").addEventListener("click", () => command("/api/timer", { action: "start" }));
          $("timer-pause").addEventListener("click", () => command("/api/timer", { action: "pause" }));
          $("timer-reset").addEventListener("click", () => command("/api/timer", { action: "reset" }));
          $("new-event").addEventListener("click", () => {
            if (window.confirm("Start a new event? The draws so far stay in the record.")) command("/api/event");
          });
          $("csv").addEventListener("click", downloadCSV);

          token = takeToken();
          if (!token) {
            $("notoken").hidden = false;
          } else {
            $("controls").hidden = false;
            refresh();
            stream();
          }
        })();

        """#
}
