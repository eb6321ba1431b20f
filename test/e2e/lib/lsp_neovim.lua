-- Run by test/e2e/lsp_neovim.sh inside `nvim --headless -u NONE`: Neovim's own
-- LSP client starts `btlint lsp`, opens a bad kernel, waits for diagnostics,
-- applies btlint's code action for tile-not-constexpr (so the edit reaches
-- the server as an incremental didChange) and waits for the new diagnostics.
-- Everything observed is written to $RESULT, one line each, for the shell
-- test to check.
local btlint = os.getenv('BTLINT')
local kernel = os.getenv('KERNEL')
local result_path = os.getenv('RESULT')
local lines = {}
local function say(s) table.insert(lines, s) end

local function dump(phase, bufnr)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    say(string.format('%s %s %d:%d severity=%d source=%s %s', phase, tostring(d.code or lsp.code),
      d.lnum + 1, d.col + 1, d.severity, tostring(d.source), d.message))
  end
end

local function main()
  local client_id = vim.lsp.start_client({
    name = 'btlint',
    cmd = { btlint, 'lsp' },
    root_dir = vim.fn.fnamemodify(kernel, ':h'),
    init_options = { arch = { 'sm90' } },
  })
  if not client_id then error('vim.lsp.start_client failed') end
  vim.cmd('edit ' .. vim.fn.fnameescape(kernel))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)

  local function has(code, lnum)
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      local lsp = (d.user_data or {}).lsp or {}
      if (d.code or lsp.code) == code and d.lnum == lnum then return true end
    end
    return false
  end

  if not vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
    error('no diagnostics within 30 s')
  end
  dump('open', bufnr)

  -- The code action for the first tile-not-constexpr finding.
  local target
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    if (d.code or lsp.code) == 'tile-not-constexpr' then target = d break end
  end
  if not target then error('no tile-not-constexpr diagnostic') end
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = target.lnum, character = target.col },
              ['end'] = { line = target.end_lnum, character = target.end_col } },
    context = { diagnostics = {} },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000) or {}
  local applied = 0
  for _, response in pairs(responses) do
    for _, action in ipairs(response.result or {}) do
      say('action ' .. action.title)
      if applied == 0 and action.edit and action.title:find('tile%-not%-constexpr') then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        applied = applied + 1
      end
    end
  end
  if applied == 0 then error('no code action applied') end
  say('line ' .. vim.api.nvim_buf_get_lines(bufnr, target.lnum, target.lnum + 1, false)[1])

  if not vim.wait(30000, function() return not has('tile-not-constexpr', target.lnum) end, 20) then
    say('after-fix still has the fixed tile-not-constexpr')
  end
  dump('after-fix', bufnr)

  -- Hover on the other kernel's finding: the rule's explanation.
  local other
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local lsp = (d.user_data or {}).lsp or {}
    if (d.code or lsp.code) == 'tile-not-constexpr' then other = d break end
  end
  if not other then error('no second tile-not-constexpr diagnostic') end
  local at = { textDocument = { uri = vim.uri_from_bufnr(bufnr) },
               position = { line = other.lnum, character = other.col } }
  for _, response in pairs(vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', at, 10000) or {}) do
    local value = ((response.result or {}).contents or {}).value or ''
    for line in value:gmatch('[^\n]+') do say('hover ' .. line) end
  end

  -- "Suppress on this line" on it, applied by Neovim.
  params.range = { start = { line = other.lnum, character = other.col },
                   ['end'] = { line = other.end_lnum, character = other.end_col } }
  local suppressed = 0
  for _, response in pairs(vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 10000) or {}) do
    for _, action in ipairs(response.result or {}) do
      if suppressed == 0 and action.title == 'Suppress tile-not-constexpr on this line' then
        vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
        suppressed = 1
      end
    end
  end
  if suppressed == 0 then error('no suppress action') end
  say('suppressed-line ' .. vim.api.nvim_buf_get_lines(bufnr, other.lnum, other.lnum + 1, false)[1])
  if not vim.wait(30000, function() return not has('tile-not-constexpr', other.lnum) end, 20) then
    say('after-suppress still has the suppressed finding')
  end
  dump('after-suppress', bufnr)

  -- A new file, never written: its buffer is analysed.
  local original = vim.fn.readfile(kernel)
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.fn.fnamemodify(kernel, ':h') .. '/never_written.py'))
  local fresh = vim.api.nvim_get_current_buf()
  vim.api.nvim_buf_set_lines(fresh, 0, -1, false, original)
  vim.lsp.buf_attach_client(fresh, client_id)
  if not vim.wait(30000, function() return #vim.diagnostic.get(fresh) > 0 end, 20) then
    say('unsaved no diagnostics within 30 s')
  end
  dump('unsaved', fresh)
  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
  say('stopped')
end

local ok, err = pcall(main)
if not ok then say('LUA-ERROR ' .. tostring(err)) end
vim.fn.writefile(lines, result_path)
vim.cmd('qa!')
