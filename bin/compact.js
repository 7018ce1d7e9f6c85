#!/usr/bin/env node
import { runProcess } from "../dist/cli-bundle/run-process.js";

process.exitCode = await runProcess(process.argv.slice(2));
