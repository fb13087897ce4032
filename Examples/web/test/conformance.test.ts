// The spec's checks against the sign-in page: one test per check of every spec in the kit.

import { defineConformanceTests } from "../conformance-kit/tests/index.js";
import { signInHarness } from "./harness.js";

defineConformanceTests(signInHarness());
