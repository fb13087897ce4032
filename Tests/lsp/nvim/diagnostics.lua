-- Neovim (0.7 or later) as a writer's editor: starts `passkey-spec lsp` with Neovim's own LSP
-- client, opens a spec page, types a mistake into it (unsaved), waits for the diagnostics and
-- writes what it saw as JSON for the pytest test that runs it (test_neovim.py).
--
-- Run as: nvim --headless --noplugin -u NONE -i NONE -n -c 'luafile Tests/lsp/nvim/diagnostics.lua'
-- with PASSKEY_SPEC (the tool), LSP_WORKSPACE (a folder with content/), LSP_PAGE (the page,
-- relative to it), LSP_FIND and LSP_REPLACE (the mistake: text on one line, and what it
-- becomes), LSP_AT (text on that line to ask for completion and hover inside, when the
-- server offers them) and LSP_OUT (the JSON file to write).

local report = { steps = {} }
local out = os.getenv("LSP_OUT")

local function finish(status)
  report.status = status
  local file = assert(io.open(out, "w"))
  file:write(vim.fn.json_encode(report))
  file:close()
  vim.cmd("qall!")
end

local function step(text)
  table.insert(report.steps, text)
end

local ok, failure = pcall(function()
  local workspace = assert(os.getenv("LSP_WORKSPACE"), "LSP_WORKSPACE")
  local page = workspace .. "/" .. assert(os.getenv("LSP_PAGE"), "LSP_PAGE")
  local find = assert(os.getenv("LSP_FIND"), "LSP_FIND")
  local replace = assert(os.getenv("LSP_REPLACE"), "LSP_REPLACE")

  local client_id = vim.lsp.start_client({
    name = "passkey-spec",
    cmd = { assert(os.getenv("PASSKEY_SPEC"), "PASSKEY_SPEC"), "lsp" },
    root_dir = workspace,
  })
  assert(client_id, "the client did not start")
  step("started")

  vim.cmd("edit " .. vim.fn.fnameescape(page))
  local buffer = vim.api.nvim_get_current_buf()
  vim.bo[buffer].filetype = "markdown"
  vim.lsp.buf_attach_client(buffer, client_id)

  local client
  assert(vim.wait(30000, function()
    client = vim.lsp.get_client_by_id(client_id)
    return client ~= nil and client.initialized == true
  end, 20), "the server did not finish initializing")
  report.capabilities = client.server_capabilities or client.resolved_capabilities
  step("initialized")

  -- The page as opened has no error of its own.
  vim.wait(2000, function() return false end, 50)
  report.before = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    table.insert(report.before, diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp.code))
  end

  -- Type the mistake: the first line holding `find` gets `replace` in its place, unsaved.
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
  local row, column
  for index, line in ipairs(lines) do
    local start = line:find(find, 1, true)
    if start then
      row, column = index - 1, start - 1
      local edited = line:sub(1, start - 1) .. replace .. line:sub(start + #find)
      vim.api.nvim_buf_set_lines(buffer, row, row + 1, false, { edited })
      break
    end
  end
  assert(row, "the page has no line with " .. find)
  report.edited_line = row
  report.edited_byte = column
  step("typed")

  local function seen()
    local found = {}
    for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
      table.insert(found, {
        code = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp.code),
        severity = diagnostic.severity,
        source = diagnostic.source,
        message = diagnostic.message,
        lnum = diagnostic.lnum,
        col = diagnostic.col,
      })
    end
    return found
  end
  assert(vim.wait(30000, function()
    for _, diagnostic in ipairs(seen()) do
      if diagnostic.lnum == row then return true end
    end
    return false
  end, 20), "no diagnostic on the edited line")
  report.diagnostics = seen()
  step("diagnosed")

  -- Fix it again: the diagnostic goes.
  vim.api.nvim_buf_set_lines(buffer, row, row + 1, false, { lines[row + 1] })
  assert(vim.wait(30000, function()
    for _, diagnostic in ipairs(seen()) do
      if diagnostic.lnum == row then return false end
    end
    return true
  end, 20), "the diagnostic stayed after the fix")
  report.after = seen()
  step("fixed")

  -- Completion and hover where the server offers them.
  local capabilities = report.capabilities or {}
  -- Inside the value LSP_AT names on the line, once it is right again.
  local at = assert(lines[row + 1]:find(assert(os.getenv("LSP_AT"), "LSP_AT"), 1, true), "LSP_AT is not on the line")
  local position = { line = row, character = at }
  local params = { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = position }
  if capabilities.completionProvider or capabilities.completion then
    local answers = vim.lsp.buf_request_sync(buffer, "textDocument/completion", params, 10000) or {}
    local answer = answers[client_id] or {}
    local result = answer.result or {}
    local items = result.items or result
    report.completion = { error = answer.error, labels = {} }
    for _, item in ipairs(items) do
      table.insert(report.completion.labels, item.label)
    end
  end
  if capabilities.hoverProvider or capabilities.hover then
    local answers = vim.lsp.buf_request_sync(buffer, "textDocument/hover", params, 10000) or {}
    local answer = answers[client_id] or {}
    report.hover = { error = answer.error, result = answer.result }
  end

  vim.lsp.stop_client(client_id)
  assert(vim.wait(10000, function() return vim.lsp.client_is_stopped(client_id) end, 20), "the server did not stop")
  step("stopped")
end)

if ok then
  finish("ok")
else
  report.error = tostring(failure)
  finish("failed")
end
