#!/usr/bin/env python3
"""Prints each failed test of a .trx file with the first lines of its error message (CI shows only the output's tail)."""
import sys
import xml.etree.ElementTree as ET

NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}
MESSAGE_LINES = 8

root = ET.parse(sys.argv[1]).getroot()
failed = [r for r in root.iterfind(".//t:UnitTestResult", NS) if r.get("outcome") == "Failed"]
if failed:
    print(f"--- {len(failed)} failed test(s) ---")
for result in failed:
    print(f"FAILED {result.get('testName')} ({result.get('duration')})")
    message = result.findtext(".//t:ErrorInfo/t:Message", default="", namespaces=NS).strip().splitlines()
    stack = result.findtext(".//t:ErrorInfo/t:StackTrace", default="", namespaces=NS).strip().splitlines()
    for line in message[:MESSAGE_LINES] + stack[:3]:
        print(f"    {line}")
