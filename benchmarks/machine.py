"""What the benchmark ran on, in one line: the figures mean little without it."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def describe() -> str:
    """CPU model, cores this process may use, memory, Python and the system, and the load."""
    parts = [_cpu_model(), f"{len(os.sched_getaffinity(0))} cores usable"]
    memory = _memory_gib()
    if memory:
        parts.append(f"{memory:.0f} GiB RAM")
    parts.append(f"Python {platform.python_version()}")
    parts.append(f"{platform.system()} {platform.release()}")
    if hasattr(os, "getloadavg"):
        parts.append("load {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    return ", ".join(parts)


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return None
