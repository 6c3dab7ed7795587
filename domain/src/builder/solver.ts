/**
 * Linear and mixed-integer programs as the builder and its bounds write them, and the one solver they
 * are handed to (HiGHS, loaded by the caller: the domain depends on no solver). A program is
 * optimise cost·x subject to rowLower ≤ A·x ≤ rowUpper and lower ≤ x ≤ upper, A by rows.
 */
export interface LinearProgram {
  sense: 'maximize' | 'minimize';
  cost: number[];
  lower: number[];
  upper: number[];
  /** Which columns must be whole numbers; absent: none (a linear program). */
  integer?: boolean[];
  /** The diagonal of Q in a quadratic objective ½·xᵀQx + cost·x (convex: entries ≥ 0 when minimising). */
  quadratic?: number[];
  rowLower: number[];
  rowUpper: number[];
  /** A by rows: row r's entries are columns[starts[r] .. starts[r + 1]) with their values. */
  starts: number[];
  columns: number[];
  values: number[];
}

export interface SolverLimits {
  /** Branch-and-bound nodes a mixed-integer program may explore: a limit of work, so the answer is the same on any machine. */
  nodes?: number;
  /** Seconds, only as a guard against a program far harder than expected (an answer cut by it is reported as such). */
  seconds?: number;
  /** A feasible starting point (a mixed-integer program's incumbent): the answer is never worse. */
  start?: number[];
  /** The absolute gap at which a mixed-integer program counts as solved (default 1e-6). */
  gap?: number;
  /** 'ipm' for a large linear program whose optimum value is what counts (the bounds). */
  method?: 'ipm';
}

export interface SolverAnswer {
  /** 'optimal'; 'limit': stopped by a limit (x is the best found, `bound` what the solver proved); 'failed': nothing usable. */
  status: 'optimal' | 'limit' | 'failed';
  value: number;
  /** The best the program could reach, as proven by the solver (its dual bound; the value itself when optimal). */
  bound: number;
  x: number[] | null;
  /** The limit that stopped it, for the record ('nodes' or 'seconds'). */
  stoppedBy?: 'nodes' | 'seconds';
}

export type Solver = (program: LinearProgram, limits?: SolverLimits) => SolverAnswer;

/** What the builder uses of the `highs` package (its default export, loaded): a structural type, so the domain imports nothing. */
export interface HighsLike {
  infinity: number;
  createModel(data: unknown): HighsModelLike;
}
interface HighsModelLike {
  passHessian(hessian: unknown): unknown;
  options: { set(values: Record<string, unknown>): unknown };
  info: { get(name: string): unknown };
  run(): unknown;
  getModelStatus(): number;
  getObjectiveValue(): number;
  getSolution(): { colValue: ArrayLike<number> };
  setSolution(solution: { colValue: number[] }): unknown;
  dispose(): void;
}

const OPTIMAL = 7;
const TIME_LIMIT = 13;
/** HiGHS's statuses for a stop by a node limit (iteration, solution-count or "unknown" on the way out). */
const WORK_LIMITS = new Set([14, 15, 16]);
const INFINITY_AT = 1e20;

/** The `Solver` of a loaded HiGHS module: one model per program, disposed after it. */
export function highsSolver(highs: HighsLike): Solver {
  const finite = (value: number) => (value >= INFINITY_AT ? highs.infinity : value <= -INFINITY_AT ? -highs.infinity : value);
  return (program, limits = {}) => {
    const numCols = program.cost.length;
    const numRows = program.rowLower.length;
    const model = highs.createModel({
      numCols,
      numRows,
      sense: program.sense === 'maximize' ? -1 : 1,
      colCost: program.cost,
      colLower: program.lower.map(finite),
      colUpper: program.upper.map(finite),
      rowLower: program.rowLower.map(finite),
      rowUpper: program.rowUpper.map(finite),
      matrix: { format: 'csr', numRows, numCols, starts: program.starts, indices: program.columns, values: program.values },
      ...(program.integer ? { integrality: program.integer.map((whole) => (whole ? 1 : 0)) } : {}),
    });
    if (program.quadratic) {
      const diagonal = program.quadratic.flatMap((q, column) => (q ? [column] : []));
      const starts = [0];
      for (let column = 0, k = 0; column < numCols; column++) {
        if (k < diagonal.length && diagonal[k] === column) k += 1;
        starts.push(k);
      }
      model.passHessian({
        format: 'triangular',
        dimension: numCols,
        starts,
        indices: diagonal,
        values: diagonal.map((column) => program.quadratic![column]!),
      });
    }
    try {
      model.options.set({
        output_flag: false,
        mip_rel_gap: 0,
        mip_abs_gap: limits.gap ?? 1e-6,
        ...(limits.nodes !== undefined ? { mip_max_nodes: limits.nodes } : {}),
        ...(limits.seconds !== undefined ? { time_limit: limits.seconds } : {}),
        ...(limits.method === 'ipm' ? { solver: 'ipm' } : {}),
      });
      if (limits.start && program.integer) model.setSolution({ colValue: limits.start });
      model.run();
      const status = model.getModelStatus();
      const x = Array.from(model.getSolution().colValue);
      const value = model.getObjectiveValue();
      const hasPoint = x.length === numCols && Number.isFinite(value);
      if (status === OPTIMAL) return { status: 'optimal', value, bound: value, x };
      if ((status === TIME_LIMIT || WORK_LIMITS.has(status)) && hasPoint) {
        const dual = program.integer ? Number(model.info.get('mip_dual_bound')) : NaN;
        return {
          status: 'limit',
          value,
          bound: Number.isFinite(dual) ? dual : program.sense === 'maximize' ? Infinity : -Infinity,
          x,
          stoppedBy: status === TIME_LIMIT ? 'seconds' : 'nodes',
        };
      }
      return { status: 'failed', value: NaN, bound: NaN, x: null };
    } catch {
      return { status: 'failed', value: NaN, bound: NaN, x: null };
    } finally {
      model.dispose();
    }
  };
}

/** Rows written one at a time into a `LinearProgram`'s arrays. */
export class ProgramWriter {
  readonly cost: number[] = [];
  readonly lower: number[] = [];
  readonly upper: number[] = [];
  readonly integer: boolean[] = [];
  readonly rowLower: number[] = [];
  readonly rowUpper: number[] = [];
  readonly starts: number[] = [0];
  readonly columns: number[] = [];
  readonly values: number[] = [];

  /** A new column; answers its index. */
  column(cost: number, lower: number, upper: number, integer: boolean): number {
    this.cost.push(cost);
    this.lower.push(lower);
    this.upper.push(upper);
    this.integer.push(integer);
    return this.cost.length - 1;
  }

  /** A row lower ≤ Σ values·columns ≤ upper (nothing written when it has no entry). */
  row(columns: readonly number[], values: readonly number[] | number, lower: number, upper: number): void {
    if (!columns.length) return;
    for (let k = 0; k < columns.length; k++) {
      this.columns.push(columns[k]!);
      this.values.push(typeof values === 'number' ? values : values[k]!);
    }
    this.starts.push(this.columns.length);
    this.rowLower.push(lower);
    this.rowUpper.push(upper);
  }

  program(sense: LinearProgram['sense'], integral: boolean): LinearProgram {
    return {
      sense,
      cost: this.cost,
      lower: this.lower,
      upper: this.upper,
      ...(integral ? { integer: this.integer } : {}),
      rowLower: this.rowLower,
      rowUpper: this.rowUpper,
      starts: this.starts,
      columns: this.columns,
      values: this.values,
    };
  }
}
