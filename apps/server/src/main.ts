import '@author-centre/shared';
