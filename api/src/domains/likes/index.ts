// The likes domain: who liked whom (/api/likes.php).
export { likesRoute } from './routes/likes';
export { createLikesService, type LikesService } from './likes';
