/**
 * Wizard micro-benchmark (not a test): CPU time of the pure parts of Create Campaign on a 5-tier,
 * 60-node strategy — checkWizard (every tab's step schema) and planCampaign (diagram + wizard →
 * campaign plan). The database half is PUT /action/create/xcampaign's, measured when it exists.
 *
 *   node --import tsx bench/wizard-plan.ts
 *
 * BENCH_RUNS (default 2000) runs per case after 200 warm-up runs. Prints figures; asserts nothing.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { WizardSchema, checkWizard, planCampaign } from '../packages/shared/src/index';
import { benchDiagram, benchWizard } from './support/wizard-strategy';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const WARM_UP = 200;

function time(label: string, run: () => unknown): void {
  for (let i = 0; i < WARM_UP; i += 1) run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(3);
  process.stdout.write(`${label.padEnd(44)} p50 ${at(0.5)} ms   p99 ${at(0.99)} ms   (${RUNS} runs)\n`);
}

const d = benchDiagram();
const w = benchWizard(d);
const plan = planCampaign(d, w);
process.stdout.write(`wizard plan: ${os.cpus().length} cores; ${plan.projects.length} projects, ${plan.profiles.length} profiles, ${plan.linkSets.length} link sets\n`);
time('checkWizard (8 tabs, 60 nodes)', () => checkWizard(w));
time('planCampaign (5 tiers, 60 nodes)', () => planCampaign(d, w));
time('parse the wizard body (WizardSchema)', () => WizardSchema.parse(w));
