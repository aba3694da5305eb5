-- Stand-ins for the Roblox services the LudexEvents module uses, so Debian's lua5.4 can run it in the
-- tests (luau-module.test.ts). Only what the module touches: bit32 (Luau's, on 5.4's integer
-- operators), game:GetService("HttpService") with GenerateGUID, JSONEncode and a scripted RequestAsync,
-- DateTime.now() on a clock the test drives, task.wait (advances that clock, recorded), task.spawn
-- (recorded, not run: the test flushes itself), game:BindToClose (recorded) and warn (recorded).

local MASK = 0xFFFFFFFF
local function int(v)
	local i = math.tointeger(v)
	if i == nil then
		error("bit32: not an integer: " .. tostring(v), 3)
	end
	return i
end

bit32 = {
	band = function(...)
		local r = MASK
		for _, v in ipairs({ ... }) do
			r = r & int(v)
		end
		return r & MASK
	end,
	bor = function(...)
		local r = 0
		for _, v in ipairs({ ... }) do
			r = r | int(v)
		end
		return r & MASK
	end,
	bxor = function(...)
		local r = 0
		for _, v in ipairs({ ... }) do
			r = r ~ int(v)
		end
		return r & MASK
	end,
	bnot = function(x)
		return (~int(x)) & MASK
	end,
	rshift = function(x, n)
		return (int(x) & MASK) >> n
	end,
	lshift = function(x, n)
		return (int(x) << n) & MASK
	end,
	rrotate = function(x, n)
		x = int(x) & MASK
		n = n % 32
		return ((x >> n) | (x << (32 - n))) & MASK
	end,
}

Shim = {
	nowMs = 1763474580000,
	requests = {},
	responses = {},
	waits = {},
	warnings = {},
	spawned = 0,
	closers = {},
	guid = 0,
}

-- JSON as Roblox's JSONEncode writes it: a table with a sequence is an array, any other an object.
local function encode(value)
	local t = type(value)
	if t == "nil" then
		return "null"
	elseif t == "boolean" then
		return tostring(value)
	elseif t == "number" then
		if math.type(value) == "integer" or (value == math.floor(value) and math.abs(value) < 2 ^ 53) then
			return string.format("%d", math.tointeger(value) or value)
		end
		return string.format("%.17g", value)
	elseif t == "string" then
		return '"'
			.. value:gsub('[%c"\\]', function(c)
				local named = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
				return named[c] or string.format("\\u%04x", string.byte(c))
			end)
			.. '"'
	elseif t == "table" then
		if #value > 0 then
			local parts = {}
			for i = 1, #value do
				parts[i] = encode(value[i])
			end
			return "[" .. table.concat(parts, ",") .. "]"
		end
		local keys = {}
		for k in pairs(value) do
			keys[#keys + 1] = k
		end
		table.sort(keys)
		local parts = {}
		for _, k in ipairs(keys) do
			parts[#parts + 1] = encode(tostring(k)) .. ":" .. encode(value[k])
		end
		return "{" .. table.concat(parts, ",") .. "}"
	end
	error("cannot encode a " .. t)
end
Shim.encode = encode

local HttpService = {}
function HttpService:GenerateGUID(wrapInCurlyBraces)
	Shim.guid = Shim.guid + 1
	local id = string.format("%08X-0000-4000-8000-%012X", Shim.guid, Shim.guid)
	return wrapInCurlyBraces and ("{" .. id .. "}") or id
end
function HttpService:JSONEncode(value)
	return encode(value)
end
-- Each call takes the next scripted answer: a table (the response) or a string (the call errors).
function HttpService:RequestAsync(request)
	Shim.requests[#Shim.requests + 1] = request
	local answer = table.remove(Shim.responses, 1) or { Success = true, StatusCode = 200, Headers = {}, Body = "{}" }
	if type(answer) == "string" then
		error(answer)
	end
	return answer
end

game = {
	GetService = function(_, name)
		if name == "HttpService" then
			return HttpService
		end
		error("no service " .. name)
	end,
	BindToClose = function(_, fn)
		Shim.closers[#Shim.closers + 1] = fn
	end,
}

DateTime = {
	now = function()
		return { UnixTimestampMillis = Shim.nowMs, UnixTimestamp = Shim.nowMs // 1000 }
	end,
}

task = {
	wait = function(seconds)
		Shim.waits[#Shim.waits + 1] = seconds
		Shim.nowMs = Shim.nowMs + math.floor((seconds or 0) * 1000)
		return seconds
	end,
	spawn = function()
		Shim.spawned = Shim.spawned + 1
	end,
}

function warn(...)
	local parts = {}
	for i, v in ipairs({ ... }) do
		parts[i] = tostring(v)
	end
	Shim.warnings[#Shim.warnings + 1] = table.concat(parts, " ")
end

-- What the test reads back: one JSON line.
function Shim.report(extra)
	local out = {
		requests = Shim.requests,
		waits = Shim.waits,
		warnings = Shim.warnings,
		spawned = Shim.spawned,
		closers = #Shim.closers,
	}
	for k, v in pairs(extra or {}) do
		out[k] = v
	end
	print(encode(out))
end
