"""A small LSP client for btlint's tests and benchmark: speaks JSON-RPC 2.0 with
Content-Length framing to `btlint lsp` over its standard input and output."""
import json
import queue
import subprocess
import threading
import time


class LspClient:
    def __init__(self, command, cwd=None):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd)
        self.messages = queue.Queue()
        self.pending = []  # messages read but not yet asked for
        self.next_id = 1
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.rstrip(b"\r\n")
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            body = out.read(length)
            self.messages.put((time.perf_counter(), json.loads(body)))

    # ---- sending ----
    def send_raw(self, data: bytes):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message):
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return time.perf_counter()

    def notify(self, method, params=None):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        return self.send(message)

    def request(self, method, params=None, timeout=30):
        rid = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.wait_for(lambda m: m.get("id") == rid and "method" not in m, timeout)

    # ---- receiving ----
    def wait_for(self, predicate, timeout=30, with_time=False):
        """The first message (read before or after this call) that predicate accepts."""
        for i, (t, m) in enumerate(self.pending):
            if predicate(m):
                del self.pending[i]
                return (t, m) if with_time else m
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message within %ss" % timeout)
            try:
                item = self.messages.get(timeout=left)
            except queue.Empty:
                raise TimeoutError("no matching message within %ss" % timeout)
            if item is None:
                raise EOFError("btlint lsp closed its output")
            t, m = item
            if predicate(m):
                return (t, m) if with_time else m
            self.pending.append((t, m))

    def diagnostics(self, uri, timeout=30, with_time=False):
        return self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"] == uri, timeout, with_time)

    def drop_pending(self):
        self.pending.clear()
        while True:
            try:
                item = self.messages.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                continue
            self.messages.put(None)
            return

    def close(self, timeout=10):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


def uri(path):
    from urllib.parse import quote
    return "file://" + quote(path)
