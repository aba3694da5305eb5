import { EVENT_HEADERS } from './signing.ts'

/**
 * The Luau ModuleScript the Event Credentials page's Readme shows (issue 17): how a Roblox game server
 * sends its events to Ludex. One copy of the text, with placeholders the page fills from a credential
 * (`fillLuauModule`). It signs as `signing.ts` describes, with a SHA-256 and HMAC written in Luau
 * (Roblox offers no HMAC), batches events, flushes on a timer and when the server closes, and retries
 * with exponential backoff and jitter. It keeps to the Lua 5.1 syntax Luau shares with Lua 5.4 (no
 * type annotations, compound assignment or string interpolation), so the tests run it in Debian's
 * lua5.4 with small stand-ins for the Roblox services (test/src/events/).
 */
export const LUAU_PLACEHOLDERS = {
  url: '{{LUDEX_EVENTS_URL}}',
  gameKey: '{{LUDEX_GAME_KEY}}',
  secretKey: '{{LUDEX_SECRET_KEY}}',
} as const

export const LUAU_MODULE_TEMPLATE = `--[[
  LudexEvents: sends this experience's game events to Ludex.

  Put this ModuleScript in ServerScriptService (server only: it holds the secret key, which must
  never reach a client), enable Game Settings > Security > Allow HTTP Requests, then:

    local LudexEvents = require(game.ServerScriptService.LudexEvents)
    LudexEvents.track("level_completed", 3, { level = "castle" })

  Events are queued and sent in signed batches of up to 100 every 10 seconds, and when the server
  shuts down. A batch that fails for a passing reason (no answer, 429, 5xx) is sent again after
  1, 2, 4, 8, 16 seconds (with jitter); Ludex counts each event id once, so a retry never counts twice.

  Signature: ${EVENT_HEADERS.signature} = lower-case hex of HMAC-SHA256(secret key, timestamp .. "." .. body),
  with ${EVENT_HEADERS.timestamp} = the whole seconds since 1970 UTC and body = the exact JSON sent.
  Requests older than 5 minutes are refused, so each attempt is signed afresh.
]]

local HttpService = game:GetService("HttpService")

local LudexEvents = {}

local CONFIG = {
	Url = "${LUAU_PLACEHOLDERS.url}",
	GameKey = "${LUAU_PLACEHOLDERS.gameKey}",
	SecretKey = "${LUAU_PLACEHOLDERS.secretKey}",
	BatchSize = 100, -- events per request (Ludex takes up to 500)
	FlushInterval = 10, -- seconds between automatic sends
	MaxRetries = 5, -- further attempts after a failed send
	BaseBackoff = 1, -- seconds before the first retry; doubles each time
	MaxBackoff = 60,
	MaxQueue = 10000, -- events kept while Ludex cannot be reached; newer ones are dropped beyond it
}
LudexEvents.Config = CONFIG

local band, bor, bxor, bnot = bit32.band, bit32.bor, bit32.bxor, bit32.bnot
local rshift, lshift, rrotate = bit32.rshift, bit32.lshift, bit32.rrotate
local MOD = 4294967296

local K = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

local function uint32Bytes(n)
	return string.char(band(rshift(n, 24), 0xff), band(rshift(n, 16), 0xff), band(rshift(n, 8), 0xff), band(n, 0xff))
end

-- SHA-256 (FIPS 180-4) of a string of bytes; returns the 32-byte digest.
local function sha256(message)
	local bitLength = #message * 8
	local padded = message
		.. "\\128"
		.. string.rep("\\0", (55 - #message) % 64)
		.. uint32Bytes(math.floor(bitLength / MOD))
		.. uint32Bytes(bitLength % MOD)
	local h = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 }
	local w = {}
	for chunk = 1, #padded, 64 do
		for i = 0, 15 do
			local b1, b2, b3, b4 = string.byte(padded, chunk + i * 4, chunk + i * 4 + 3)
			w[i] = bor(lshift(b1, 24), lshift(b2, 16), lshift(b3, 8), b4)
		end
		for i = 16, 63 do
			local s0 = bxor(rrotate(w[i - 15], 7), rrotate(w[i - 15], 18), rshift(w[i - 15], 3))
			local s1 = bxor(rrotate(w[i - 2], 17), rrotate(w[i - 2], 19), rshift(w[i - 2], 10))
			w[i] = (w[i - 16] + s0 + w[i - 7] + s1) % MOD
		end
		local a, b, c, d, e, f, g, hh = h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
		for i = 0, 63 do
			local s1 = bxor(rrotate(e, 6), rrotate(e, 11), rrotate(e, 25))
			local ch = bxor(band(e, f), band(bnot(e), g))
			local t1 = (hh + s1 + ch + K[i + 1] + w[i]) % MOD
			local s0 = bxor(rrotate(a, 2), rrotate(a, 13), rrotate(a, 22))
			local maj = bxor(band(a, b), band(a, c), band(b, c))
			local t2 = (s0 + maj) % MOD
			hh, g, f, e, d, c, b, a = g, f, e, (d + t1) % MOD, c, b, a, (t1 + t2) % MOD
		end
		h[1], h[2], h[3], h[4] = (h[1] + a) % MOD, (h[2] + b) % MOD, (h[3] + c) % MOD, (h[4] + d) % MOD
		h[5], h[6], h[7], h[8] = (h[5] + e) % MOD, (h[6] + f) % MOD, (h[7] + g) % MOD, (h[8] + hh) % MOD
	end
	local out = {}
	for i = 1, 8 do
		out[i] = uint32Bytes(h[i])
	end
	return table.concat(out)
end

local function toHex(bytes)
	return (string.gsub(bytes, ".", function(c)
		return string.format("%02x", string.byte(c))
	end))
end

-- HMAC-SHA256 (RFC 2104) in lower-case hex.
function LudexEvents.hmacSha256(key, message)
	if #key > 64 then
		key = sha256(key)
	end
	key = key .. string.rep("\\0", 64 - #key)
	local inner, outer = {}, {}
	for i = 1, 64 do
		local byte = string.byte(key, i)
		inner[i] = string.char(bxor(byte, 0x36))
		outer[i] = string.char(bxor(byte, 0x5c))
	end
	return toHex(sha256(table.concat(outer) .. sha256(table.concat(inner) .. message)))
end

-- The ${EVENT_HEADERS.signature} header of a body sent at a timestamp (whole seconds since 1970 UTC).
function LudexEvents.signature(timestamp, body)
	return LudexEvents.hmacSha256(CONFIG.SecretKey, timestamp .. "." .. body)
end

local queue = {}
local flushing = false

-- Queues one event: a name, an optional number and optional flat properties (text, numbers, booleans).
function LudexEvents.track(name, value, properties)
	if #queue >= CONFIG.MaxQueue then
		warn("LudexEvents: queue full, event dropped: " .. tostring(name))
		return
	end
	queue[#queue + 1] = {
		id = HttpService:GenerateGUID(false),
		name = name,
		time = DateTime.now().UnixTimestampMillis,
		value = value,
		properties = properties,
	}
	if #queue >= CONFIG.BatchSize then
		task.spawn(LudexEvents.flush)
	end
end

local function headerValue(headers, name)
	for key, value in pairs(headers or {}) do
		if string.lower(key) == string.lower(name) then
			return value
		end
	end
	return nil
end

-- Sends one batch, signing every attempt afresh: "sent" once Ludex has it, "refused" when Ludex will
-- never take it (the batch is dropped), "failed" when it could not be reached (the batch is kept).
local function send(batch)
	local body = HttpService:JSONEncode({ events = batch })
	for attempt = 0, CONFIG.MaxRetries do
		local timestamp = tostring(DateTime.now().UnixTimestamp)
		local ok, response = pcall(function()
			return HttpService:RequestAsync({
				Url = CONFIG.Url,
				Method = "POST",
				Headers = {
					["Content-Type"] = "application/json",
					["${EVENT_HEADERS.gameKey}"] = CONFIG.GameKey,
					["${EVENT_HEADERS.timestamp}"] = timestamp,
					["${EVENT_HEADERS.signature}"] = LudexEvents.signature(timestamp, body),
				},
				Body = body,
			})
		end)
		local delay = math.min(CONFIG.MaxBackoff, CONFIG.BaseBackoff * 2 ^ attempt)
		if ok then
			-- 409: this very request arrived already (a reply that was lost on the way back).
			if response.Success or response.StatusCode == 409 then
				return "sent"
			end
			if response.StatusCode ~= 429 and response.StatusCode < 500 then
				-- A refused batch (400), key (401, 403) or size (413): sending it again cannot help.
				warn("LudexEvents: batch refused (" .. response.StatusCode .. "): " .. tostring(response.Body))
				return "refused"
			end
			local retryAfter = tonumber(headerValue(response.Headers, "Retry-After"))
			if retryAfter then
				delay = math.max(delay, retryAfter)
			end
		else
			warn("LudexEvents: request failed: " .. tostring(response))
		end
		if attempt < CONFIG.MaxRetries then
			task.wait(delay * (0.5 + math.random() * 0.5))
		end
	end
	warn("LudexEvents: no answer for a batch of " .. #batch .. " events; keeping it for the next flush")
	return "failed"
end

-- Sends everything queued, a batch at a time. A batch Ludex could not be reached for stays queued for
-- the next flush; one it refused is dropped (its warning says why).
function LudexEvents.flush()
	if flushing then
		return
	end
	flushing = true
	while #queue > 0 do
		local batch = {}
		for i = 1, math.min(CONFIG.BatchSize, #queue) do
			batch[i] = queue[i]
		end
		local ok, outcome = pcall(send, batch)
		if not ok then
			warn("LudexEvents: " .. tostring(outcome))
			break
		end
		if outcome == "failed" then
			break
		end
		local rest = {}
		for i = #batch + 1, #queue do
			rest[#rest + 1] = queue[i]
		end
		queue = rest
	end
	flushing = false
end

-- Events waiting to be sent.
function LudexEvents.pending()
	return #queue
end

task.spawn(function()
	while true do
		task.wait(CONFIG.FlushInterval)
		LudexEvents.flush()
	end
end)

game:BindToClose(function()
	LudexEvents.flush()
end)

return LudexEvents
`

export interface LuauModuleKeys {
  /** Where game servers post: the site's address + EVENTS_PATH. */
  readonly url: string
  readonly gameKey: string
  readonly secretKey: string
}

/** The module with a credential's keys in place of the placeholders. */
export function fillLuauModule(keys: LuauModuleKeys): string {
  // Replacer functions: a `$` in a value is text, never a replacement pattern.
  return LUAU_MODULE_TEMPLATE.replace(LUAU_PLACEHOLDERS.url, () => luaString(keys.url))
    .replace(LUAU_PLACEHOLDERS.gameKey, () => luaString(keys.gameKey))
    .replace(LUAU_PLACEHOLDERS.secretKey, () => luaString(keys.secretKey))
}

/** A value's text inside a double-quoted Lua string: backslashes and quotes escaped, no line breaks. */
function luaString(value: string): string {
  return value.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\r\n]/g, '')
}
