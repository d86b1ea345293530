import type { Feature } from '../../feature';
import { quizRoutes } from './quiz.routes';

export {
  exportQuizData,
  latestQuizAttemptsQuery,
  latestQuizResult,
  latestQuizScores,
  toLatestQuizResult,
} from './quiz.service';

/** The client's personality quiz: statements answered one by one, bands, and trait suggestions. */
export const quizFeature: Feature = { name: 'quiz', api: quizRoutes };
