import type { Feature } from '../../feature';
import { quizRoutes } from './quiz.routes';

export { exportQuizData, latestQuizResult, latestQuizScores } from './quiz.service';

/** The client's personality quiz: statements answered one by one, bands, and trait suggestions. */
export const quizFeature: Feature = { name: 'quiz', api: quizRoutes };
