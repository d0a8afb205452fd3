// A stand-in for MiniWoB++'s core.js with the parts the harness touches:
// a seeded Math.random, an episode that starts, ends with a reward and
// shows a START cover between episodes, the goal in #query and a reward
// display. Written for the harness's tests; not MiniWoB++ code.
var WOB_DONE_GLOBAL = false, WOB_RAW_REWARD_GLOBAL = 0, WOB_REWARD_REASON = null, WOB_TASK_READY = true;
var core = {EPISODE_MAX_TIME: 10000, EP_TIMER: null, cover_div: null};
Math.seedrandom = function (seed) {
  var s = 0;
  for (var c of String(seed)) s = (s * 31 + c.charCodeAt(0)) >>> 0;
  Math.random = function () { s = (s * 1103515245 + 12345) >>> 0; return s / 4294967296; };
};
core.startEpisode = function () {
  if (!document.getElementById('reward-display')) {
    var d = document.createElement('div');
    d.id = 'reward-display';
    d.innerHTML = 'Last reward: <span id="reward-last">-</span>';
    document.body.appendChild(d);
  }
  if (core.cover_div == null) {
    core.cover_div = document.createElement('div');
    core.cover_div.id = 'sync-task-cover';
    core.cover_div.textContent = 'START';
    core.cover_div.onclick = core.startEpisodeReal;
    document.body.appendChild(core.cover_div);
  }
  core.cover_div.style.display = 'block';
};
core.startEpisodeReal = function () {
  genProblem();
  WOB_DONE_GLOBAL = false; WOB_RAW_REWARD_GLOBAL = 0; WOB_REWARD_REASON = null;
  core.cover_div.style.display = 'none';
  core.EP_TIMER = setTimeout(function () { core.endEpisode(-1, false, 'timed out'); }, core.EPISODE_MAX_TIME);
};
core.endEpisode = function (reward, timeProportional, reason) {
  if (core.EP_TIMER === null) return;
  clearTimeout(core.EP_TIMER);
  core.EP_TIMER = null;
  WOB_RAW_REWARD_GLOBAL = reward; WOB_REWARD_REASON = reason || null; WOB_DONE_GLOBAL = true;
  document.getElementById('reward-last').textContent = String(reward);
  core.startEpisode();
};
core.getUtterance = function () {
  return document.getElementById('query').textContent.replace(/\s+/g, ' ').trim();
};
