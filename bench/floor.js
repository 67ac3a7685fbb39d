// The floor of `npm run bench`'s start-up figures: what every JavaScript action pays before its own code, a bundle of
// @actions/core (built by scripts/ncc-bundle.mjs like dist/) that reads an input, sets an output and opens a group.
import * as core from '@actions/core';

core.setOutput('config', core.getInput('config'));
core.startGroup('floor');
core.endGroup();
