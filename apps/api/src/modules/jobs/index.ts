// The jobs module's public face: other modules import only from here.
export { enqueue, JobQueue, type EnqueueOptions, type JobContext, type JobHandler, type JobLog, type JobQueueOptions } from './job-queue';
export { jobRoutes } from './routes';
