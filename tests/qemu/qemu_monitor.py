"""The HMP monitor over a unix socket, for the system-mode tests."""
import re
import socket
import time


class Monitor:
    def __init__(self, path):
        for _ in range(100):
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(path)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("FAIL: no monitor socket at " + path)
        self.read()

    def read(self):
        data = b""
        self.sock.settimeout(30)
        while not data.endswith(b"(qemu) "):
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")

    def cmd(self, line):
        self.sock.sendall(line.encode() + b"\n")
        return self.read()


def registers(text):
    """SV CSRs and integer registers from `info registers`."""
    regs = {}
    for name, value in re.findall(r"\b([a-z]+[0-9]*)\s+([0-9a-f]{1,16})\b", text):
        regs.setdefault(name, int(value, 16))
    return regs
